// Cardtable's phone page: one seat's hand, its face-down cards and its decisions.
// Plain JavaScript, no build step and nothing fetched from outside the table's own server.
// Every text from the table is set with textContent, never parsed as HTML.
"use strict";

const secret = location.pathname.split("/").pop();
let view = null;
let selected = null; // a card ref
let socket = null;
let retry = 500;

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function refuse(reason) {
  const box = document.getElementById("refusal");
  box.textContent = reason;
  box.hidden = false;
  clearTimeout(refuse.timer);
  refuse.timer = setTimeout(() => { box.hidden = true; }, 4000);
}

// Card pictures are the table's own art, asked for by this seat's ref (never by the face),
// at the width offered that is sharp on this screen.
const WIDTHS = [120, 180, 240, 360, 480];
const CARD_CSS_WIDTH = 84;
const pictureWidth = WIDTHS.find((w) => w >= CARD_CSS_WIDTH * (window.devicePixelRatio || 1)) || 480;
const shown = new Set(); // refs of face-down cards of ours the player chose to look at

function picture(card) {
  const way = card.face.reversed ? "reversed" : "upright";
  const img = el("img", "art");
  img.src = `/card/${secret}/${card.ref}/${pictureWidth}/${way}.png`;
  img.alt = "";
  img.draggable = false;
  return img;
}

function peekButton(card) {
  const looking = card.face !== null && shown.has(card.ref);
  const button = el("button", "secondary peek", looking ? "Hide" : "Peek");
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    if (looking) shown.delete(card.ref);
    else {
      shown.add(card.ref);
      if (!card.face) send({ type: "peek", card: card.ref });
    }
    render();
  });
  return button;
}

function cardNode(card, where) {
  const faceDown = where === "laid" && !card.face_up;
  const face = faceDown && !shown.has(card.ref) ? null : card.face;
  const node = el("div", "card");
  node.dataset.ref = card.ref;
  node.setAttribute("role", "button");
  node.tabIndex = 0;
  if (!face) {
    node.classList.add("back");
    node.append(el("div", "big", card.peeked ? "peeked" : "face down"));
    node.setAttribute("aria-label", "a face-down card");
  } else {
    node.classList.add("pictured");
    if (face.reversed) node.classList.add("reversed");
    node.append(picture(card));
    node.append(el("div", "name", face.name + (face.reversed ? ", reversed" : "")));
    node.setAttribute("aria-label", face.name + (face.reversed ? ", reversed" : ""));
    node.title = face.keywords || face.name;
  }
  if (faceDown) node.append(peekButton(card));
  if (card.ref === selected) node.classList.add("selected");
  node.addEventListener("click", () => {
    selected = selected === card.ref ? null : card.ref;
    render();
  });
  if (where === "hand") dragging(node, card.ref);
  return node;
}

// Drag a card of the hand onto a decision: it becomes the card that decision lays.
function dragging(node, ref) {
  let start = null;
  node.addEventListener("pointerdown", (event) => {
    start = { x: event.clientX, y: event.clientY, moved: false };
    node.setPointerCapture(event.pointerId);
  });
  node.addEventListener("pointermove", (event) => {
    if (!start) return;
    const dx = event.clientX - start.x, dy = event.clientY - start.y;
    if (Math.abs(dx) + Math.abs(dy) > 8) start.moved = true;
    if (start.moved) {
      node.classList.add("dragging");
      node.style.transform = `translate(${dx}px, ${dy}px)`;
      document.querySelectorAll(".decision").forEach((box) => box.classList.remove("drop"));
      const under = document.elementFromPoint(event.clientX, event.clientY);
      const box = under && under.closest(".decision");
      if (box) box.classList.add("drop");
    }
  });
  node.addEventListener("pointerup", (event) => {
    if (start && start.moved) {
      node.style.transform = "";
      node.classList.remove("dragging");
      const under = document.elementFromPoint(event.clientX, event.clientY);
      const box = under && under.closest(".decision");
      if (box) {
        selected = ref;
        render();
        const field = document.querySelector(`.decision[data-key="${box.dataset.key}"] input`);
        if (field) field.focus();
      }
      event.preventDefault();
    }
    start = null;
  });
}

function decisionBox(decision) {
  const box = el("div", "decision");
  box.dataset.key = decision.kind + ":" + decision.character;
  box.append(el("label", null, decision.label));
  const chosen = () => selected;
  const needCard = () => {
    if (!selected) { refuse("Tap (or drag here) the card to lay first."); return false; }
    return true;
  };
  if (decision.kind === "challenge" || decision.kind === "answer") {
    const words = el("input");
    words.type = "text";
    words.placeholder = decision.kind === "challenge" ? "Your goal" : "Your intent";
    words.setAttribute("aria-label", words.placeholder);
    box.append(words);
    const go = el("button", null, decision.kind === "challenge" ? "Challenge, card face down" : "Answer, card face down");
    go.addEventListener("click", () => {
      if (!needCard()) return;
      const key = decision.kind === "challenge" ? "goal" : "intent";
      send({ type: decision.kind, character: decision.character, [key]: words.value, card: chosen() });
      selected = null;
    });
    box.append(go);
  } else if (decision.kind === "support") {
    for (const side of ["challenge", "answer"]) {
      const go = el("button", null, `Support the ${side}`);
      go.addEventListener("click", () => {
        if (!needCard()) return;
        send({ type: "support", character: decision.character, side, card: chosen() });
        selected = null;
      });
      box.append(go);
    }
  } else if (decision.kind === "claim") {
    const words = el("input");
    words.type = "text";
    words.placeholder = "What it is";
    words.setAttribute("aria-label", words.placeholder);
    box.append(words);
    const go = el("button", null, "Claim, card face up");
    go.addEventListener("click", () => {
      if (!needCard()) return;
      send({ type: "claim", character: decision.character, what: words.value, card: chosen() });
      selected = null;
    });
    box.append(go);
  } else if (decision.kind === "veto") {
    for (const [label, against] of [["Against", true], ["For", false]]) {
      const go = el("button", against ? null : "secondary", label);
      go.addEventListener("click", () => send({ type: "vote", player: view.you.id, against }));
      box.append(go);
    }
  } else if (decision.kind === "tarot") {
    for (const [label, type] of [["Draw", "tarot-draw"], ["Stop", "tarot-stop"], ["Concede", "tarot-concede"]]) {
      const go = el("button", type === "tarot-draw" ? null : "secondary", label);
      go.addEventListener("click", () => send({ type }));
      box.append(go);
    }
  } else if (decision.kind === "showdown") {
    const give = el("button", "secondary", "Yield");
    give.addEventListener("click", () => send({ type: "yield", character: decision.character }));
    const push = el("button", null, "Push");
    push.addEventListener("click", () => {
      send({ type: "push", character: decision.character, card: chosen() });
      selected = null;
    });
    box.append(give, push);
  }
  return box;
}

function render() {
  if (!view) return;
  document.getElementById("who").textContent = `${view.you.name}${view.you.gm ? " (GM)" : ""}`;
  document.getElementById("status").textContent = view.holder
    ? `${view.holder} holds the computer${view.curtain ? " (curtain up)" : ""}`
    : "";
  const decisions = document.getElementById("decisions");
  decisions.replaceChildren();
  if (view.decisions.length) decisions.append(el("h2", null, "Your move"));
  for (const decision of view.decisions) decisions.append(decisionBox(decision));

  const hands = document.getElementById("hands");
  hands.replaceChildren();
  for (const hand of view.hands) {
    hands.append(el("h2", null, `${hand.label} (${hand.cards.length})`));
    const row = el("div", "row");
    for (const card of hand.cards) row.append(cardNode(card, "hand"));
    hands.append(row);
  }
  const laid = document.getElementById("laid");
  laid.replaceChildren();
  for (const pile of view.laid) {
    if (!pile.cards.length) continue;
    laid.append(el("h2", null, pile.label));
    const row = el("div", "row");
    for (const card of pile.cards) row.append(cardNode(card, "laid"));
    laid.append(row);
  }
  const pick = [...view.hands, ...view.laid].flatMap((p) => p.cards).find((c) => c.ref === selected);
  if (pick) {
    const bar = el("div", "decision");
    bar.append(el("label", null, pick.face ? pick.face.name : "a face-down card"));
    const turn = el("button", "secondary", "Turn round");
    turn.addEventListener("click", () => send({ type: "turn", card: pick.ref }));
    bar.append(turn);
    laid.append(bar);
  }
  const tokens = document.getElementById("tokens");
  tokens.replaceChildren();
  if (view.tokens) {
    tokens.append(el("h2", null, "Tokens"));
    tokens.append(el("div", "tokens", `Applause ${view.tokens.applause} · Author ${view.tokens.author}`));
  }
  const rows = document.getElementById("sheet-rows");
  rows.replaceChildren();
  for (const character of view.characters) {
    rows.append(el("h3", null, character.name));
    const table = el("table");
    for (const [label, value] of character.sheet) {
      const tr = el("tr");
      tr.append(el("th", null, label), el("td", null, value));
      table.append(tr);
    }
    rows.append(table);
  }
  const lines = document.getElementById("log-lines");
  lines.replaceChildren(...view.log.slice().reverse().map((line) => el("li", null, line)));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${secret}`);
  socket.addEventListener("open", () => { retry = 500; });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") { view = message; render(); }
    else if (message.type === "refused") refuse(message.reason);
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4001 || event.code === 1001) {
      document.getElementById("who").textContent = event.reason || "Disconnected";
      return;
    }
    document.getElementById("status").textContent = "Reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

connect();
