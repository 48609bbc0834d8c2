// The phone's engine answers in words, exactly as the server words them (games/messages.py
// violation_text, games/breakdowns.py row_text, web/breakdowns.py event_text), from the texts
// web/offline.py puts in the page (#offline-engine-texts): window.SkWords.
(function (root) {
  "use strict";

  const SUITS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };

  // A card text as Card.parse reads it ("10D", "ad", "T♦", " q♠ "), canonical; null for other text.
  function canonical(text) {
    let cleaned = String(text).trim().toUpperCase();
    const suit = SUITS[cleaned.slice(-1)] || cleaned.slice(-1);
    let rank = cleaned.slice(0, -1);
    if (rank === "T") rank = "10";
    return rank + suit;
  }

  // games.labels.text_label: a card text's label, other text unchanged.
  function textLabel(text, texts) {
    const label = texts.cards[canonical(text)];
    return label === undefined ? text : label;
  }

  // games.messages._shown: card texts become labels, lists read as "10♦ 2♣", an empty one as "none".
  function shown(value, texts) {
    if (typeof value === "string") return value.split(" ").map((part) => textLabel(part, texts)).join(" ");
    if (Array.isArray(value) && !value.length) return texts.none;
    if (Array.isArray(value)) return value.map((item) => pyStr(shown(item, texts))).join(" ");
    return value;
  }

  function pyStr(value) {
    if (value === null || value === undefined) return "None";
    if (value === true) return "True";
    if (value === false) return "False";
    return String(value);
  }

  function pyRepr(value) {
    if (typeof value !== "string") return pyStr(value);
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    let body = value.replace(/\\/g, "\\\\");
    if (quote === "'") body = body.replace(/'/g, "\\'");
    return quote + body.replace(/\n/g, "\\n") + quote;
  }

  // str.format for the engine's templates: {name}, {name!r}, {{ and }}; a missing fact throws.
  function format(template, facts) {
    return template.replace(/\{\{|\}\}|\{(\w+)(?:!([rs]))?\}/g, (match, key, conversion) => {
      if (match === "{{") return "{";
      if (match === "}}") return "}";
      if (!(key in facts)) throw new Error("missing fact " + key);
      return conversion === "r" ? pyRepr(facts[key]) : pyStr(facts[key]);
    });
  }

  // games.messages.Who.name: sides and seats by name.
  function named(key, value, texts) {
    if (typeof value !== "number" || !Number.isInteger(value)) return value;
    if (key === "side" && value >= 0 && value < texts.sides.length) return texts.sides[value];
    if (texts.seat_facts.includes(key) && String(value) in texts.seats) return texts.seats[String(value)];
    return value;
  }

  // games.messages.violation_text: an error the engine answered ({code, template, facts}) in words.
  function refusal(error, texts) {
    const facts = {};
    for (const [key, raw] of Object.entries(error.facts || {})) {
      let value = raw;
      if (texts.label_facts.includes(key) && typeof value === "string") value = texts.labels[value] || value;
      value = key === "game" && typeof value === "string" ? texts.games[value] || value : shown(value, texts);
      facts[key] = named(key, value, texts);
    }
    const translated = texts.templates[error.template] || error.template;
    try {
      return format(translated, facts);
    } catch (missing) {
      return format(error.template, error.facts || {});
    }
  }

  // games.messages.problem_texts: every problem of a summary, else the error itself.
  function problems(error, texts) {
    if (!Array.isArray(error.problems)) return [refusal(error, texts)];
    return error.problems.map((problem) => refusal(problem, texts));
  }

  // Python's "%(name)s" % args.
  function percent(text, args) {
    return text.replace(/%\((\w+)\)s/g, (match, key) => pyStr(args[key]));
  }

  // games.breakdowns.row_text: an engine row worded (label and note in the reader's language).
  function row(data, texts) {
    const label = data.label || data.key;
    const hasArgs = Object.keys(data.label_args || {}).length > 0;
    const labelText = label === "tally" && hasArgs ? percent(texts.tally, data.label_args) : texts.rows[label] || label;
    const noteArgs = data.note_args || {};
    const note = data.note ? (Object.keys(noteArgs).length ? percent(texts.notes[data.note], noteArgs) : texts.notes[data.note]) : "";
    return { key: data.key, label: labelText, values: data.values, points: data.points, note: note, cards: data.cards };
  }

  function signed(points) {
    return points > 0 ? "+" + points : String(points).replace("-", "\u2212");
  }

  // web.breakdowns.event_text: "Tablo for Marija (+1)".
  function event(data, names, texts) {
    const name = data.side >= 0 && data.side < names.length ? names[data.side] : "?";
    let what;
    if (data.kind === "tally") {
      const award = texts.tallies[String(data.points)] || "tally";
      what = percent(texts.award_for, { award: award, name: name });
    } else {
      what = percent(texts.events[data.kind] || "%(name)s", { name: name });
    }
    return data.points ? what + " (" + signed(data.points) + ")" : what;
  }

  // The texts of the page, read once.
  function pageTexts(doc) {
    const node = doc.getElementById("offline-engine-texts");
    return node ? JSON.parse(node.textContent) : null;
  }

  const api = { refusal: refusal, problems: problems, row: row, event: event, pageTexts: pageTexts, format: format };
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.SkWords = api;
})(typeof window === "undefined" ? globalThis : window);
