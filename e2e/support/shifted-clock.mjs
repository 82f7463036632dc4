// Preload (node --import) that moves this process's clock to E2E_TODAY (YYYY-MM-DD), 10:00 in New York
// daylight time, and lets it run on from there. The demo data is dated from the server's today, and the
// public site shows Not Monitored out of season, so the water-quality journey runs its own server on a
// mid-season day. Only `new Date()`, `Date()` and `Date.now()` move; dates built from values do not.
const today = process.env.E2E_TODAY;
if (today) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`E2E_TODAY must be YYYY-MM-DD, got '${today}'`);
  const RealDate = Date;
  const offset = RealDate.parse(`${today}T14:00:00Z`) - RealDate.now();
  const now = () => RealDate.now() + offset;
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length ? args : [now()], new.target);
  }
  ShiftedDate.prototype = RealDate.prototype;
  Object.setPrototypeOf(ShiftedDate, RealDate);
  ShiftedDate.now = now;
  globalThis.Date = ShiftedDate;
}
