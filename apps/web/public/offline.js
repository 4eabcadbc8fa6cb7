// The offline page (offline.html): "Try again" reloads the page that was asked for, and so does the
// connection coming back: on the browser's 'online' event, and, since that event can come before this script
// runs or never come at all (the network was up, the server was not), whenever the server answers again.
document.getElementById('retry')?.addEventListener('click', () => window.location.reload());
window.addEventListener('online', () => window.location.reload());

async function reloadWhenReachable() {
  if (!navigator.onLine) return;
  try {
    const res = await fetch('/api/v1/health/live', { cache: 'no-store' });
    if (res.ok) window.location.reload();
  } catch (err) {
    // Still unreachable: the next check tries again.
    console.debug('SocialGenX is still unreachable', err);
  }
}
setInterval(reloadWhenReachable, 2000);
