// Calls a view's load function again and again while the view is open.

const BUSY_MS = 1500;
const IDLE_MS = 3000;

// Calls ``load`` now and again: sooner while it says something is in
// progress, never while the tab is hidden, never two at once.
export class Poller {
  constructor(onError) {
    this.onError = onError;
    this.generation = 0;
  }

  start(load, waitFirst) {
    this.stop();
    this.load = load;
    this.schedule(waitFirst ? BUSY_MS : 0);
  }

  stop() {
    this.generation += 1;
    clearTimeout(this.timer);
    this.load = null;
  }

  now() {
    if (this.load) {
      clearTimeout(this.timer);
      this.schedule(0);
    }
  }

  schedule(delay) {
    const generation = this.generation;
    this.timer = setTimeout(async () => {
      if (generation !== this.generation || !this.load) {
        return;
      }
      if (document.hidden) {
        this.schedule(IDLE_MS);
        return;
      }
      let busy = false;
      try {
        busy = await this.load();
        this.onError(null);
      } catch (err) {
        this.onError(err);
      }
      if (generation === this.generation) {
        this.schedule(busy ? BUSY_MS : IDLE_MS);
      }
    }, delay);
  }
}
