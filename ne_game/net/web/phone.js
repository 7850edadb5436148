/* The phone page of New England: one seat's private view and controller (docs/phones.md).
   It knows no rules: what may be tapped comes only from the host's `legal` list; the page
   picks one of those actions and sends it back unchanged. No framework, no build step. */
"use strict";
(function () {
  var token = new URLSearchParams(location.search).get("t") || "";
  var W = { text: {}, lands: {}, figures: {}, lang: "" };   // the words, from /words.json
  var ws = null, welcome = null, msg = null, sel = null, busy = false;
  var stopped = false, retryDelay = 500, retryTimer = null, lastHeard = 0;
  var FIG = { pilgrim: "●", barn: "■", ship: "▲" };          // figures on the map (and in the legend)
  var $ = function (id) { return document.getElementById(id); };

  function t(key, params) {
    var s = W.text[key] || key;
    Object.keys(params || {}).forEach(function (k) { s = s.split("{" + k + "}").join(String(params[k])); });
    return s;
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function button(text, onTap, cls) {
    var b = el("button", cls || "", text);
    b.type = "button";
    b.addEventListener("click", function () { if (!busy) onTap(); });
    return b;
  }
  function key(c) { return c[0] + "," + c[1]; }
  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

  // ------------------------------------------------------------------ words
  function loadWords() {
    return fetch("words.json", { cache: "no-store" }).then(function (r) { return r.json(); }).then(function (w) {
      W = w;
      document.documentElement.lang = w.lang;
      Array.prototype.forEach.call(document.querySelectorAll("[data-t]"), function (e) {
        e.textContent = t(e.getAttribute("data-t"));
      });
      render();
    });
  }

  // ------------------------------------------------------------------ the socket
  function connect() {
    clearTimeout(retryTimer);
    if (!token) { banner(t("no_token"), false); return; }
    if (ws && (ws.readyState === 0 || ws.readyState === 1)) return;
    stopped = false;
    banner(msg ? t("reconnecting") : t("connecting"), false);
    var sock = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
    ws = sock;
    sock.onopen = function () { lastHeard = Date.now(); sock.send(JSON.stringify({ type: "hello", token: token })); };
    sock.onmessage = function (e) { if (sock === ws) receive(JSON.parse(e.data)); };
    sock.onclose = function () {
      if (sock !== ws) return;
      ws = null;
      busy = false;
      if (stopped) return;
      banner(t("reconnecting"), true);
      retryTimer = setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 5000);
    };
  }
  function send(m) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(m)); }
  function reconnectNow() {   // back from sleep or another app: a dead socket is not waited for
    if (document.visibilityState === "hidden") return;
    if (ws && ws.readyState === 1 && Date.now() - lastHeard > 12000) { ws.close(); ws = null; }
    if (!ws) { retryDelay = 500; connect(); }
  }
  document.addEventListener("visibilitychange", reconnectNow);
  window.addEventListener("pageshow", reconnectNow);
  window.addEventListener("online", reconnectNow);
  setInterval(function () {      // the host pings every 10 s; silence for 25 s means a dead socket
    if (ws && ws.readyState === 1 && Date.now() - lastHeard > 25000) ws.close();
  }, 5000);

  function banner(text, retry) {
    $("net").hidden = !text;
    $("net-text").textContent = text || "";
    $("net-retry").hidden = !retry;
  }
  $("net-retry").addEventListener("click", function () { retryDelay = 500; stopped = false; connect(); });

  function receive(m) {
    lastHeard = Date.now();
    if (m.type === "ping") { send({ type: "pong" }); return; }
    if (m.type === "welcome") {
      welcome = m;
      retryDelay = 500;
      banner("", false);
      if (m.lang !== W.lang) loadWords();
      return;
    }
    if (m.type === "view") {
      if (!msg || m.seq !== msg.seq || !same(m.legal, msg.legal)) sel = null;
      msg = m;
      busy = false;
      render();
      document.body.dataset.seq = String(m.seq);      // for tests and for the curious
      return;
    }
    if (m.type === "refused") { busy = false; toast(m.message); render(); return; }
    if (m.type === "bye") {
      stopped = true;
      if (m.reason === "replaced") banner(t("replaced"), true);
      else if (m.reason === "game_over") banner("", false);
      else banner(t("closed"), true);
    }
  }
  function act(action) {
    if (!msg || busy) return;
    busy = true;
    send({ type: "act", seq: msg.seq, action: action });
    render();
  }
  var toastTimer = null;
  function toast(text) {
    var b = $("toast");
    b.textContent = text;
    b.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { b.hidden = true; }, 4000);
  }

  // ------------------------------------------------------------------ reading the view
  function V() { return msg.view; }
  function me() { return msg.seat; }
  function seatName(i) { var s = welcome && welcome.seats[i]; return s ? s.name : "?"; }
  function initial(i) { var s = welcome && welcome.seats[i]; return s ? s.initial : "?"; }
  function chip(i, cls) { return el("span", "chip fam" + i + (cls ? " " + cls : ""), initial(i)); }
  function legalOf(type) { return msg.legal.filter(function (a) { return a.type === type; }); }
  function tileAt() {        // "x,y" -> the tile on that parcel
    var at = {};
    V().tiles.forEach(function (tile) { tile.cells.forEach(function (c) { at[key(c)] = tile; }); });
    return at;
  }
  function tileKeys(cell, at) { var tile = at[key(cell)]; return tile ? tile.cells.map(key) : [key(cell)]; }
  function cardName(id) {
    var spec = welcome.cards[id];
    if (!spec) return id;
    if (spec.figure) return W.figures[spec.figure] || spec.figure;
    return (W.lands[spec.land] || spec.land) + " · " + spec.vp + " " + t("vp");
  }
  function pattern(id) {
    var spec = welcome.cards[id];
    if (!spec || !spec.pattern) return null;
    var w = 0, h = 0, on = {};
    spec.pattern.forEach(function (d) { w = Math.max(w, d[0] + 1); h = Math.max(h, d[1] + 1); on[key(d)] = 1; });
    var g = el("span", "pat");
    g.style.gridTemplateColumns = "repeat(" + w + ", 8px)";
    for (var y = 0; y < h; y++) for (var x = 0; x < w; x++) g.appendChild(el("i", on[x + "," + y] ? "" : "no"));
    return g;
  }

  // ------------------------------------------------------------------ what a tap may do now
  // Every choice is a filter of msg.legal; the action sent is one of its elements, unchanged.
  function choices() {
    var c = { glow: {}, picked: {}, fit: {}, onCell: null, slots: {}, barns: {} };
    if (!msg || !msg.legal.length || busy) return c;
    var at = tileAt();
    var glowTiles = function (list, pick) {    // list of [cell, action]; tapping any parcel of the tile picks
      var by = {};
      list.forEach(function (p) { tileKeys(p[0], at).forEach(function (k) { c.glow[k] = 1; by[k] = p[1]; }); });
      c.onCell = function (k) { if (by[k]) pick(by[k]); };
    };
    if (!sel) {
      legalOf("buy_land").concat(legalOf("buy_card")).forEach(function (a) { c.slots[a.slot] = 1; });
      legalOf("play_stored").forEach(function (a) { c.barns[key(a.barn)] = 1; });
      var moves = legalOf("move_figure");
      glowTiles(moves.map(function (a) { return [a.from, a]; }), function (a) {
        sel = { kind: "move", from: a.from };
        render();
      });
      return c;
    }
    if (sel.kind === "start") {
      var cands = legalOf("place_start_tile").filter(function (a) { return a.land === sel.land; });
      if (sel.first) {
        c.picked[key(sel.first)] = 1;
        var partner = {};
        cands.forEach(function (a) {
          var ks = a.cells.map(key), i = ks.indexOf(key(sel.first));
          if (i >= 0) { partner[ks[1 - i]] = a; c.glow[ks[1 - i]] = 1; }
        });
        c.onCell = function (k) {
          if (partner[k]) act(partner[k]);
          else if (k === key(sel.first)) { sel.first = null; render(); }
        };
      } else {
        cands.forEach(function (a) { a.cells.forEach(function (x) { c.glow[key(x)] = 1; }); });
        c.onCell = function (k) { if (c.glow[k]) { sel.first = k.split(",").map(Number); render(); } };
      }
      return c;
    }
    if (sel.kind === "land") {
      var lands = legalOf("buy_land").filter(function (a) { return a.slot === sel.slot; });
      glowTiles(lands.map(function (a) { return [a.cell, a]; }), act);
      return c;
    }
    if (sel.kind === "move") {
      var to = legalOf("move_figure").filter(function (a) { return same(a.from, sel.from); });
      tileKeys(sel.from, at).forEach(function (k) { c.picked[k] = 1; });
      glowTiles(to.map(function (a) { return [a.to, a]; }), act);
      return c;
    }
    // a card: bought (buy_card) or taken out of a barn (play_stored)
    var uses = useActions();
    var mode = sel.mode;
    if (mode === "develop") {
      var fits = developFits(uses);
      Object.keys(sel.picked).forEach(function (k) { c.picked[k] = 1; });
      fits.forEach(function (a) { a.use.develop.forEach(function (x) { if (!sel.picked[key(x)]) c.glow[key(x)] = 1; }); });
      var shown = fits.length ? fits[sel.k % fits.length] : null;
      if (shown) shown.use.develop.forEach(function (x) { c.fit[key(x)] = 1; });
      c.onCell = function (k) {
        if (sel.picked[k]) delete sel.picked[k];
        else if (c.glow[k]) sel.picked[k] = 1;
        else return;
        sel.k = 0;
        render();
      };
      c.fits = fits;
      return c;
    }
    var which = mode === "store" ? "store_in_barn" : "figure_on";
    glowTiles(uses.filter(function (a) { return a.use[which]; }).map(function (a) { return [a.use[which], a]; }), act);
    return c;
  }
  function useActions() {
    if (sel.kind === "card") return legalOf("buy_card").filter(function (a) { return a.slot === sel.slot; });
    return legalOf("play_stored").filter(function (a) { return key(a.barn) === sel.barn; });
  }
  function developFits(uses) {
    var picked = Object.keys(sel.picked);
    return uses.filter(function (a) {
      if (!a.use.develop) return false;
      var ks = a.use.develop.map(key);
      return picked.every(function (k) { return ks.indexOf(k) >= 0; });
    });
  }
  function pickCard(kind, id) {   // a card to use: which ways the legal actions allow
    sel = { kind: kind, picked: {}, k: 0, mode: null };
    if (kind === "card") sel.slot = id; else sel.barn = id;
    var uses = useActions();
    var has = function (u) { return uses.some(function (a) { return a.use[u]; }); };
    sel.modes = ["develop", "figure_on", "store_in_barn"].filter(has);
    sel.mode = sel.modes[0] === "store_in_barn" ? "store" : sel.modes[0];
    render();
  }

  // ------------------------------------------------------------------ drawing
  function render() {
    if (!msg || !welcome) return;
    var v = V(), i = me(), mine = v.current_player === i, c = choices();
    var fam = "fam" + i;
    $("me-chip").className = "chip " + fam;
    $("me-chip").textContent = initial(i);
    $("me-name").textContent = seatName(i);
    $("me-money").textContent = v.players[i].money;
    $("me-vp").textContent = msg.scores[i].total;
    renderStatus(v, mine);
    renderAct(v, mine, c);
    renderOffer(v, c);
    renderMap(v, c);
    renderBids(v);
    renderMine(v, c);
    renderPlayers(v);
  }
  function renderStatus(v, mine) {
    var s = $("status"), who = v.current_player, name = who === null ? "" : seatName(who);
    var phase = v.phase, text;
    var keys = { start_tiles: "start", offer: "offer", bids: "bid", buying: "buy" };
    if (phase === "game_over") text = t("over");
    else text = mine ? t("your_" + keys[phase]) : t("other_" + keys[phase], { name: name });
    var round = v.round ? t("round", { round: v.round }) : t("start_rounds");
    s.textContent = round + " · " + text;
    s.className = "status" + (mine ? " mine" : "");
  }
  function renderAct(v, mine, c) {
    var box = $("act");
    box.textContent = "";
    if (v.phase === "game_over") { box.appendChild(finalTable()); return; }
    if (!mine || !msg.legal.length) return;
    var row = el("div", "row");
    var prompt = function (k, p) { box.appendChild(el("p", "", t(k, p))); };
    if (v.phase === "start_tiles") {
      if (!sel) {
        prompt("pick_land");
        uniq(legalOf("place_start_tile").map(function (a) { return a.land; })).forEach(function (land) {
          row.appendChild(button(W.lands[land] || land, function () {
            sel = { kind: "start", land: land, first: null };
            render();
            $("map").scrollIntoView({ block: "nearest" });
          }));
        });
      } else {
        prompt("pick_cells");
        row.appendChild(button(t("cancel"), cancel));
      }
    } else if (v.phase === "offer") {
      prompt("announce");
      legalOf("announce_offer").forEach(function (a) { row.appendChild(button(String(a.land_tiles), function () { act(a); }, "main")); });
    } else if (v.phase === "bids") {
      prompt("your_bid");
      var free = {};
      legalOf("take_bid").forEach(function (a) { free[a.value] = a; });
      welcome.bid_values.forEach(function (value) {
        var b = button(String(value), function () { act(free[value]); }, "main");
        b.disabled = !free[value];
        b.setAttribute("data-bid", value);
        row.appendChild(b);
      });
    } else if (v.phase === "buying") {
      renderBuying(v, c, box, row, prompt);
    }
    box.appendChild(row);
  }
  function renderBuying(v, c, box, row, prompt) {
    if (!sel) {
      prompt("bought", { n: v.purchases, max: welcome.max_purchases });
      prompt(Object.keys(c.slots).length ? "pick_item" : "move_hint");
      legalOf("reveal_extra").forEach(function (a) {
        row.appendChild(button(t(a.source === "land" ? "reveal_land" : "reveal_card"), function () { act(a); }));
      });
      if (msg.undo) row.appendChild(button(t("undo"), function () { busy = true; send({ type: "undo", seq: msg.seq }); render(); }));
      legalOf("end_turn").forEach(function (a) { row.appendChild(button(t("end_turn"), function () { act(a); }, "main")); });
      return;
    }
    if (sel.kind === "land") prompt("pick_cell_land");
    else if (sel.kind === "move") prompt("pick_move");
    else {
      if (sel.modes.length > 1) {
        var useMode = sel.modes[0] === "store_in_barn" ? null : sel.modes[0];
        if (useMode) row.appendChild(button(t("use_card"), function () { sel.mode = useMode; sel.picked = {}; render(); }, sel.mode === useMode ? "on" : ""));
        if (sel.modes.indexOf("store_in_barn") >= 0) row.appendChild(button(t("store"), function () { sel.mode = "store"; render(); }, sel.mode === "store" ? "on" : ""));
      }
      if (sel.mode === "develop") {
        prompt("pick_develop");
        var fits = c.fits || [];
        var turn = button(t("turn"), function () { sel.k += 1; render(); });
        turn.disabled = fits.length < 2;
        row.appendChild(turn);
        var place = button(t("place"), function () { act(fits[sel.k % fits.length]); }, "main");
        place.disabled = !fits.length;
        row.appendChild(place);
      } else prompt(sel.mode === "store" ? "pick_barn" : "pick_figure");
    }
    row.appendChild(button(t("cancel"), cancel));
  }
  function cancel() { sel = null; render(); }
  function uniq(list) { return list.filter(function (x, k) { return list.indexOf(x) === k; }); }

  function renderOffer(v, c) {
    var box = $("offer");
    box.textContent = "";
    var buyer = v.phase === "buying" ? v.current_player : null;
    var price = buyer === null ? null : v.players[buyer].bid;
    $("offer-note").textContent = price === null ? "" : t("price", { n: price });
    var bySlot = {};
    v.offer.forEach(function (o) { bySlot[o.slot] = o.item; });
    $("offer-box").hidden = !v.offer.length;
    var slots = Math.max(9, v.offer.length);
    for (var s = 0; s < slots; s++) {
      var item = bySlot[s];
      var b = el("button", "item" + (item ? "" : " empty"));
      b.type = "button";
      b.setAttribute("data-slot", s);
      if (item) {
        b.setAttribute("data-kind", item.kind);
        b.appendChild(el("span", "slot", String(s + 1)));
        if (item.kind === "land") b.appendChild(el("span", "", W.lands[item.land] || item.land));
        else {
          var name = el("span", "", cardName(item.card));
          var p = pattern(item.card);
          if (p) name.appendChild(p);
          b.appendChild(name);
        }
        if (c.slots[s]) b.className += " glow";
        if (sel && sel.slot === s) b.className += " picked";
        (function (slot, it) {
          b.addEventListener("click", function () {
            if (busy || !c.slots[slot]) return;
            if (it.kind === "land") { sel = { kind: "land", slot: slot }; render(); }
            else pickCard("card", slot);
            $("map").scrollIntoView({ block: "nearest" });
          });
        })(s, item);
      }
      box.appendChild(b);
    }
  }
  function renderMap(v, c) {
    var map = $("map"), b = welcome.board, at = tileAt();
    var on = {}, coast = {};
    b.cells.forEach(function (x) { on[key(x)] = 1; });
    b.coast.forEach(function (x) { coast[key(x)] = 1; });
    map.style.gridTemplateColumns = "repeat(" + b.width + ", 1fr)";
    map.textContent = "";
    for (var y = 0; y < b.height; y++) {
      for (var x = 0; x < b.width; x++) {
        var k = x + "," + y, tile = at[k];
        var cell = el("button", "cell");
        cell.type = "button";
        cell.setAttribute("data-cell", k);
        if (!on[k]) { cell.className += " hole"; cell.disabled = true; map.appendChild(cell); continue; }
        if (coast[k]) cell.className += " coast";
        if (tile) {
          cell.className += " " + tile.land + (tile.developed ? " dev" : "") + (tile.owner === me() ? " own" : "");
          cell.appendChild(chip(tile.owner, "who"));
          if (tile.figure && tile.cells[0][0] === x && tile.cells[0][1] === y) cell.appendChild(el("span", "fig", FIG[tile.figure] || "?"));
          cell.setAttribute("aria-label", (W.lands[tile.land] || tile.land) + " " + seatName(tile.owner));
        }
        if (c.fit[k]) cell.className += " fit";
        if (c.picked[k]) cell.className += " picked";
        if (c.glow[k]) cell.className += " glow";
        map.appendChild(cell);
      }
    }
    map.onclick = function (e) {
      var target = e.target.closest ? e.target.closest("[data-cell]") : null;
      if (!target || busy) return;
      var now = choices();
      if (now.onCell) now.onCell(target.getAttribute("data-cell"));
    };
    var legend = [];
    Object.keys(FIG).forEach(function (f) { legend.push(FIG[f] + " " + (W.figures[f] || f)); });
    $("legend").textContent = legend.join("  ·  ") + "  ·  ◆ ✓";
  }
  function renderBids(v) {
    var box = $("bids"), held = {};
    box.textContent = "";
    v.players.forEach(function (p, i) { if (p.bid !== null) held[p.bid] = i; });
    welcome.bid_values.forEach(function (value) {
      var d = el("div", "bid");
      d.appendChild(el("b", "", String(value)));
      if (held[value] !== undefined) d.appendChild(chip(held[value]));
      box.appendChild(d);
    });
  }
  function renderMine(v, c) {
    var p = v.players[me()], cards = $("mycards"), barns = $("mybarns");
    cards.textContent = "";
    if (!p.cards.length) cards.appendChild(el("span", "", t("no_cards")));
    p.cards.forEach(function (id) {
      var d = el("span", "card", cardName(id));
      var pat = pattern(id);
      if (pat) d.appendChild(pat);
      cards.appendChild(d);
    });
    barns.textContent = "";
    p.barns.forEach(function (b) {
      var k = key(b.cell);
      var label = String.fromCharCode(65 + b.cell[0]) + (b.cell[1] + 1) + ": " + (b.card ? cardName(b.card) : t("barn_empty"));
      var btn = button(label, function () { if (c.barns[k]) pickCard("stored", k); }, c.barns[k] ? "glow" : "");
      btn.setAttribute("data-barn", k);
      barns.appendChild(btn);
    });
    if (!p.barns.length) barns.appendChild(el("span", "", "–"));
  }
  function renderPlayers(v) {
    var box = $("players");
    box.textContent = "";
    v.players.forEach(function (p, i) {
      var row = el("div", "player" + (v.current_player === i ? " turn" : ""));
      row.appendChild(chip(i));
      var who = el("span", "who", seatName(i) + (i === me() ? " (" + t("you") + ")" : ""));
      row.appendChild(who);
      row.appendChild(el("span", "", p.money + " " + t("money")));
      row.appendChild(el("span", "", msg.scores[i].total + " " + t("vp")));
      var hidden = p.barns.filter(function (b) { return b.card === "hidden"; }).length;
      row.appendChild(el("span", "", t("cards") + " " + p.cards.length + (hidden ? " +" + hidden + "?" : "")));
      if (p.bid !== null) row.appendChild(el("span", "", t("bid_of", { n: p.bid })));
      box.appendChild(row);
    });
    var supply = Object.keys(v.supply).map(function (f) { return (W.figures[f] || f) + " " + v.supply[f]; });
    $("supply").textContent = t("bag") + " " + v.bag_count + " · " + t("deck") + " " + v.deck_count + " · " + supply.join(" · ");
  }
  function finalTable() {
    var wrap = el("div", "final");
    wrap.appendChild(el("p", "", t("final")));
    var table = el("table");
    msg.scores.slice().sort(function (a, b) { return a.rank - b.rank; }).forEach(function (r) {
      var tr = el("tr");
      tr.appendChild(el("td", "", r.rank === 1 ? "★ " + t("winner") : String(r.rank)));
      var td = el("td");
      td.appendChild(chip(r.seat));
      td.appendChild(document.createTextNode(" " + seatName(r.seat)));
      tr.appendChild(td);
      tr.appendChild(el("td", "", r.total + " " + t("vp")));
      tr.appendChild(el("td", "", r.money + " " + t("money")));
      table.appendChild(tr);
    });
    wrap.appendChild(table);
    return wrap;
  }

  loadWords().then(connect, connect);
})();
