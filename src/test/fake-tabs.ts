/**
 * Stand-ins for what a browser's tabs share, for unit tests of tab coordination: the Web Locks
 * API (exclusive locks granted in request order, `ifAvailable`, `signal`), BroadcastChannel
 * (delivered to the other open channels of the same name, asynchronously, as a structured
 * clone) and EventSource (driven by the test).
 */

interface Waiter {
  callback: (lock: unknown) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** One origin's lock manager. */
export class FakeLocks {
  private readonly held = new Set<string>();
  private readonly queues = new Map<string, Waiter[]>();

  isHeld(name: string): boolean {
    return this.held.has(name);
  }

  query(): Promise<{ held: Array<{ name: string }>; pending: Array<{ name: string }> }> {
    return Promise.resolve({
      held: [...this.held].map((name) => ({ name })),
      pending: [...this.queues].flatMap(([name, queue]) => queue.map(() => ({ name }))),
    });
  }

  /** Requests waiting for the lock. */
  waiting(name: string): number {
    return this.queues.get(name)?.length ?? 0;
  }

  request(
    name: string,
    options: { signal?: AbortSignal; ifAvailable?: boolean },
    callback: (lock: unknown) => unknown,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { callback, resolve, reject };
      if (options.signal?.aborted) {
        reject(new DOMException('The request was aborted.', 'AbortError'));
        return;
      }
      if (this.held.has(name)) {
        if (options.ifAvailable) {
          this.run(name, { ...waiter, callback: () => callback(null) }, false);
          return;
        }
        const queue = this.queues.get(name) ?? [];
        queue.push(waiter);
        this.queues.set(name, queue);
        options.signal?.addEventListener('abort', () => {
          const index = queue.indexOf(waiter);
          if (index === -1) return;
          queue.splice(index, 1);
          reject(new DOMException('The request was aborted.', 'AbortError'));
        });
        return;
      }
      this.run(name, waiter, true);
    });
  }

  private run(name: string, waiter: Waiter, takesLock: boolean): void {
    if (takesLock) this.held.add(name);
    let result: unknown;
    try {
      result = waiter.callback(takesLock ? { name, mode: 'exclusive' } : null);
    } catch (error) {
      result = Promise.reject(error);
    }
    void Promise.resolve(result).then(
      (value) => {
        if (takesLock) this.release(name);
        waiter.resolve(value);
      },
      (error: unknown) => {
        if (takesLock) this.release(name);
        waiter.reject(error);
      },
    );
  }

  private release(name: string): void {
    this.held.delete(name);
    const next = this.queues.get(name)?.shift();
    if (next) this.run(name, next, true);
  }
}

type Listener = (event: MessageEvent) => void;

/** BroadcastChannels of one origin. */
export class FakeChannels {
  private readonly open = new Map<string, Set<FakeChannel>>();
  /** Every message posted, in order. */
  readonly posted: Array<{ name: string; message: unknown }> = [];

  create = (name: string): FakeChannel => {
    const channel = new FakeChannel(name, this);
    const set = this.open.get(name) ?? new Set();
    set.add(channel);
    this.open.set(name, set);
    return channel;
  };

  openCount(name: string): number {
    return this.open.get(name)?.size ?? 0;
  }

  /** @internal */
  deliver(from: FakeChannel, message: unknown): void {
    this.posted.push({ name: from.name, message });
    for (const channel of this.open.get(from.name) ?? []) {
      if (channel === from) continue;
      const copy = structuredClone(message);
      // Delivered in a task of its own, as a browser does.
      setTimeout(() => channel.dispatch(copy), 0);
    }
  }

  /** @internal */
  remove(channel: FakeChannel): void {
    this.open.get(channel.name)?.delete(channel);
  }
}

export class FakeChannel {
  private readonly listeners = new Set<Listener>();
  private closed = false;
  constructor(
    readonly name: string,
    private readonly channels: FakeChannels,
  ) {}
  postMessage(message: unknown): void {
    if (this.closed) throw new DOMException('The channel is closed.', 'InvalidStateError');
    this.channels.deliver(this, message);
  }
  addEventListener(_type: 'message', listener: Listener): void {
    this.listeners.add(listener);
  }
  close(): void {
    this.closed = true;
    this.channels.remove(this);
  }
  /** @internal */
  dispatch(data: unknown): void {
    if (this.closed) return;
    for (const listener of this.listeners) listener(new MessageEvent('message', { data }));
  }
}

/** An EventSource the test drives; every one opened is listed in `FakeEventSource.opened`. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  static get last(): FakeEventSource | undefined {
    return FakeEventSource.opened.at(-1);
  }
  /** The streams not closed yet. */
  static get live(): FakeEventSource[] {
    return FakeEventSource.opened.filter((source) => source.readyState !== FakeEventSource.CLOSED);
  }
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  emit(type: string, data: string, lastEventId = ''): void {
    this.dispatchEvent(new MessageEvent(type, { data, lastEventId }));
  }
  /** The connection failed; `closed`: the server refused it (no automatic retry). */
  fail(closed = false): void {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
}
