from ne_game.cli import main

raise SystemExit(main())
