/* When another phone recorded first (a 409 hand.out_of_sync): what it changed since this phone queued
   its plays, and where each waiting play would be stored after its plays. In these games the seat of a
   play follows from the turn order, so a waiting play added after theirs may fall on another seat's
   turn; the plan says so, and offline.js stores a play only under the seat the plan showed.
   window.SkConflict: nextSeat(state, seat), playOf(entry), queuedSeat(entry), asPlayed(entry), changes(entry, now),
   plan(state, mine, now). */
(function () {
  "use strict";

  function nextSeat(state, seat) {
    var count = state.seats.length;
    return ((seat + state.direction) % count + count) % count;
  }

  /* A play as the records API lists it. */
  function playOf(entry) { return { seq: entry.seq, seat: entry.seat, card: entry.card, taken: entry.taken }; }

  /* The seat a waiting play was queued for: who played it at the table. */
  function queuedSeat(entry) { return entry.player === undefined ? entry.seat : entry.player; }

  /* A waiting play as it was played at the table. */
  function asPlayed(entry) { return { seq: entry.seq, seat: queuedSeat(entry), card: entry.card, taken: entry.taken }; }

  function samePlay(a, b) {
    return a.seat === b.seat && a.card === b.card && a.taken.slice().sort().join(" ") === b.taken.slice().sort().join(" ");
  }

  /* Against the plays ``entry`` followed when it was queued (its ``base``): the plays taken back since
     (``gone``) and those recorded since (``theirs``). ``now`` is the hand as the server has it. */
  function changes(entry, now) {
    if (!entry.base) return { gone: [], theirs: now.plays.filter(function (play) { return play.seq >= entry.seq; }) };
    var at = 0;
    while (at < entry.base.length && at < now.plays.length && samePlay(entry.base[at], now.plays[at])) at += 1;
    return { gone: entry.base.slice(at), theirs: now.plays.slice(at) };
  }

  /* My waiting plays after theirs, in order: each one either the same card as a play the other phone
     recorded (``theirs``: a card is played once, so it cannot be added again), or the number, revision
     and seat it would be stored with (``seat`` null: the hand has no turn left for it). */
  function plan(state, mine, now) {
    var seq = now.seq, revision = now.revision, seat = now.seat;
    return mine.map(function (entry) {
      var theirs = now.plays.filter(function (play) { return play.card === entry.card; })[0];
      if (theirs) return { entry: entry, theirs: theirs, same: samePlay(asPlayed(entry), theirs) };
      var step = { entry: entry, seq: seq, revision: revision, seat: seat };
      seq += 1;
      revision += 1;
      if (seat !== null) seat = nextSeat(state, seat);
      return step;
    });
  }

  window.SkConflict = { nextSeat: nextSeat, playOf: playOf, queuedSeat: queuedSeat, asPlayed: asPlayed, changes: changes, plan: plan };
})();
