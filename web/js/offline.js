// Offline play and installing: registers the service worker (web/sw.js),
// which keeps every file the games need, and tells the player when the
// network is gone (what needs the server then says so) and when a new
// version is ready.
//
// No service worker runs from the exported single file (file://, blob:): it
// has everything inlined and there is nothing to keep.

/** True when the browser knows it has no network (navigator.onLine is false). */
export function isOffline(nav = globalThis.navigator) {
  return nav?.onLine === false;
}

/** Calls `onChange(offline)` now and whenever the network comes or goes. */
export function watchNetwork(onChange, win = globalThis.window) {
  const report = () => onChange(isOffline());
  win?.addEventListener("online", report);
  win?.addEventListener("offline", report);
  report();
}

/** True where a service worker may run: a page served over HTTP(S) in a secure context. */
export function canUseServiceWorker(location, nav = globalThis.navigator, secure = globalThis.isSecureContext) {
  try {
    return Boolean(location && /^https?:$/.test(location.protocol) && secure && nav && nav.serviceWorker);
  } catch {
    // Blocked: reading it throws (SecurityError).
    return false;
  }
}

/**
 * Registers web/sw.js. Being ready for offline play is a state the page
 * derives, not an event it may miss: `onReady(first)` is called once per page
 * load as soon as an active worker holds every file (the worker only becomes
 * active after it has kept them all), whether that worker was already there
 * when the page loaded (`first` false) or arrived while it was open (`first`
 * true: the moment to tell the player). `onUpdate(apply)` is called when a
 * new version is installed and waiting, where `apply()` switches to it and
 * reloads. Resolves to the registration, or null where no service worker runs,
 * never rejects: where the browser blocks service workers (site data or
 * cookies blocked: reading navigator.serviceWorker throws a SecurityError)
 * the games play on without offline files.
 */
export async function registerServiceWorker({ location, onReady, onUpdate }, nav = globalThis.navigator) {
  let sw;
  let registration;
  try {
    if (!canUseServiceWorker(location, nav)) return null;
    sw = nav.serviceWorker;
    registration = await sw.register("sw.js", { updateViaCache: "none" });
  } catch (err) {
    console.warn("service worker not registered:", err);
    return null;
  }
  // A page that had no worker yet becomes controlled when the first one
  // activates; one that had a worker reloads when it switches to a new one.
  const hadController = Boolean(sw.controller);
  let reloading = false;
  sw.addEventListener("controllerchange", () => {
    if (!hadController || reloading) return;
    reloading = true;
    location.reload();
  });
  sw.ready.then(() => onReady?.(!hadController));
  const waiting = (worker) => {
    if (!worker) return;
    const apply = () => worker.postMessage({ type: "skip-waiting" });
    if (hadController) onUpdate?.(apply);
  };
  const watch = (worker) => {
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") waiting(registration.waiting ?? worker);
    });
  };
  if (registration.waiting) waiting(registration.waiting);
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  return registration;
}
