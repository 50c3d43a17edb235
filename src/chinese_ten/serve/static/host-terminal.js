(() => {
  // The seat's secret is in the address's #, which no request carries: it goes to the host
  // as the socket's first message, and the host starts this seat's join client with it.
  const secret = location.hash.slice(1);
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(url, ...rest) {
      super(url, ...rest);
      this.addEventListener("open", () => this.send(JSON.stringify(["secret", secret])),
                            { once: true });
    }
  };
  // Sitting down again opens the same link (the secret with it).
  document.addEventListener("click", (event) => {
    if (event.target.closest(".closed-dialog a.button")) {
      event.preventDefault();
      location.reload();
    }
  });
})();
