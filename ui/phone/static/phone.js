// Mission Control's phone page: joins the table with the code's token, shows what only Mission
// Control may see, sends the person's taps.  Every word comes from the server (translated there,
// from the table's catalog): the page's fixed words are in the page and again in every "state" and
// "wait" message with the table's language, so a language switched on the touchscreen reaches the
// phone without a reload.  The DOM is built with textContent only, never innerHTML.
"use strict";
(function () {
  var words = JSON.parse(document.getElementById("words").textContent);
  var params = new URLSearchParams(window.location.search);
  var token = params.get("t");
  var $ = function (id) { return document.getElementById(id); };
  var socket = null, gone = false, retry = 500, state = null, linkWord = null, noticeWord = null;

  // The table's language and its words (from the page, then from each message that has them).
  function speak(lang, given) {
    if (given) { words = given; }
    if (lang) { document.documentElement.lang = lang; }
    $("title").textContent = words.title;
    document.title = words.title;
    $("again").textContent = words.ask_again;
    if (linkWord) { $("link").textContent = words[linkWord]; }
    if (noticeWord) { $("notice").textContent = words[noticeWord]; }
  }
  speak(null, null);

  function phoneId() {
    var id = null;
    try { id = window.localStorage.getItem("mc-phone"); } catch (e) { id = null; }
    if (!id || !/^[0-9a-f]{32}$/.test(id)) {
      var bytes = new Uint8Array(16);
      window.crypto.getRandomValues(bytes);
      id = Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
      try { window.localStorage.setItem("mc-phone", id); } catch (e) { /* private mode: per page */ }
    }
    return id;
  }

  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = text; }
    if (cls) { node.className = cls; }
    return node;
  }

  function button(text, message, cls, disabled) {
    var b = el("button", text, cls);
    b.disabled = !!disabled;
    b.addEventListener("click", function () { send(message); });
    return b;
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(message)); }
  }

  // A notice: one of the page's words by its key (it follows a language switch), or a sentence
  // the server said (kept as it came).
  function notice(text, key) {
    noticeWord = key || null;
    $("notice").textContent = key ? words[key] : text;
    $("notice").hidden = !$("notice").textContent;
  }

  function link(ok, key, text) {
    linkWord = key || null;
    $("link").textContent = key ? words[key] : text;
    $("link").className = ok ? "link" : "link off";
  }

  function renderMissions(s) {
    var list = $("missions");
    list.textContent = "";
    $("h-missions").textContent = s.missions_title;
    s.missions.forEach(function (m) {
      var li = el("li", null, m.done ? "done" : "");
      li.appendChild(el("b", (m.done ? "\u2713 " : "") + m.title + (m.done ? " (" + words.done + ")" : "")));
      li.appendChild(el("span", m.where, "where"));
      list.appendChild(li);
    });
  }

  function renderRound(s) {
    var box = $("round");
    box.textContent = "";
    if (!s.round.length) { return; }
    box.appendChild(el("h2", words.hand));
    var ul = el("ul", null, "lines");
    s.round.forEach(function (line) { ul.appendChild(el("li", line)); });
    box.appendChild(ul);
  }

  function renderSelect(s, task) {
    task.appendChild(el("h2", words.pick));
    var slots = el("div", null, "slots");
    for (var k = 0; k < 5; k++) {
      var pick = s.picks[k];
      var slot = el("div", null, pick ? "slot filled" : "slot");
      slot.appendChild(el("b", String(k + 1)));
      slot.appendChild(document.createTextNode(pick ? pick : "?"));
      slots.appendChild(slot);
    }
    task.appendChild(slots);
    var pad = el("div", null, "pad");
    s.pad.forEach(function (c) {
      pad.appendChild(button(c.title + " (" + c.left + ")", {type: "pick", command: c.command}, "",
        c.left <= 0 || s.picks.length >= 5));
    });
    task.appendChild(pad);
    var row = el("div", null, "row three");
    row.appendChild(button(words.back, {type: "back"}, "second", !s.picks.length));
    row.appendChild(button(words.clear, {type: "clear"}, "second", !s.picks.length));
    var lock = button(words.lock_in, {type: "lock_in"}, "go", s.picks.length < 5);
    lock.id = "lock-in";
    row.appendChild(lock);
    task.appendChild(row);
    if (s.coach_on) {
      var ask = button(words.ask_coach, {type: "coach"}, "second", s.coach_busy);
      ask.id = "ask-coach";
      task.appendChild(ask);
    }
  }

  function renderMissionChoices(s, task) {
    var pad = el("div", null, "pad list");
    s.mission_choices.forEach(function (m) { pad.appendChild(button(m.title, {type: "mission", id: m.id}, "second")); });
    task.appendChild(pad);
    task.appendChild(button(words.take_back, {type: "take_back_mission"}, "second", !s.missions.length));
  }

  function renderErrorChoices(s, task) {
    var pad = el("div", null, "pad");
    s.error_choices.forEach(function (c) { pad.appendChild(button(c.title, {type: "error_card", card: c.card})); });
    task.appendChild(pad);
  }

  function render(s) {
    state = s;
    notice("", null);
    $("seat").hidden = false;
    $("instruction").textContent = s.instruction;
    $("message").textContent = s.message;
    $("message").hidden = !s.message;
    $("answer").textContent = s.answer;
    $("answer").hidden = !s.answer;
    renderMissions(s);
    renderRound(s);
    var task = $("task");
    task.textContent = "";
    if (s.task === "select") { renderSelect(s, task); }
    if (s.task === "missions") { renderMissionChoices(s, task); }
    if (s.task === "error") { renderErrorChoices(s, task); }
    $("coach").hidden = !s.coach_text;
    $("coach").textContent = s.coach_text;
    var debrief = $("debrief");
    debrief.textContent = "";
    debrief.hidden = !s.debrief.length;
    if (s.debrief.length) {
      debrief.appendChild(el("h2", words.debrief));
      s.debrief.forEach(function (round) {
        var box = el("div", null, "debrief-round");
        round.forEach(function (line, i) { box.appendChild(el(i ? "div" : "b", line)); });
        debrief.appendChild(box);
      });
    }
    document.body.setAttribute("data-task", s.task);
  }

  function connect() {
    if (gone || (socket && socket.readyState <= WebSocket.OPEN)) { return; }
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var url = scheme + window.location.host + "/ws?t=" + encodeURIComponent(token) + "&phone=" + phoneId();
    link(false, "connecting");
    socket = new WebSocket(url);
    socket.onopen = function () { retry = 500; link(true, null, "\u25cf"); };
    socket.onmessage = function (event) {
      var data = JSON.parse(event.data);
      if (data.type === "state" || data.type === "wait") { speak(data.lang, data.words); }
      if (data.type === "state") { render(data); }
      else if (data.type === "wait") { $("seat").hidden = true; notice(null, "wait"); }
      else if (data.type === "error") { $("message").textContent = data.message; $("message").hidden = false; }
      else if (data.type === "gone") {
        gone = true;
        $("seat").hidden = !state || !state.over;
        notice(data.message);
        $("again").hidden = data.again !== true;
      }
    };
    socket.onclose = function () {
      socket = null;
      if (gone) { link(false, null, ""); return; }
      link(false, "lost");
      window.setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  // The table kept the seat with the other phone: this one may ask again (the touchscreen asks again).
  $("again").addEventListener("click", function () {
    $("again").hidden = true;
    gone = false;
    retry = 500;
    connect();
  });

  if (words.refused) {
    notice(words.refused);  // a wrong or old code: the server said why; nothing to join
  } else if (!token) {
    notice(null, "scan");
  } else {
    notice(null, "connecting");
    connect();
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") { retry = 500; connect(); }
    });
    window.addEventListener("online", function () { retry = 500; connect(); });
  }
  window.mcState = function () { return state; };
}());
