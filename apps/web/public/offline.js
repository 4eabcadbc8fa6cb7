// The offline page (offline.html): "Try again" reloads the page that was asked for, and so does the
// connection coming back.
document.getElementById('retry')?.addEventListener('click', () => window.location.reload());
window.addEventListener('online', () => window.location.reload());
