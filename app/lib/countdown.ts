// The home page's live countdown. Kept apart from ./time so the browser bundle of the home page
// does not carry date-fns (the dates themselves are formatted on the server).

/** Whole days, hours, minutes and seconds from `now` until `target`; all zero once it has passed. */
export function countdownParts(target: Date, now: Date) {
  const totalSeconds = Math.max(0, Math.floor((target.getTime() - now.getTime()) / 1000));
  return {
    days: Math.floor(totalSeconds / 86400),
    hours: Math.floor((totalSeconds % 86400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}
