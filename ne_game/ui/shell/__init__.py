"""The app shell: the loop, the window, the scene stack and the screen graph, toasts, input commands, the flow between screens, and the computer players' worker."""
