// MQTT 3.1.1 over WebSocket for the displays: CONNECT, SUBSCRIBE, PUBLISH
// (QoS 0/1 out, 0/1/2 in), PINGREQ, reconnection. No dependencies.
(() => {
"use strict";
const JT = window.JT || (window.JT = {});

JT.MQTT = class {
  // opts: {url, username, password, clientId, keepalive (s), onConnect(),
  // onMessage(topic, text, {retain, qos}), onStatus(state, detail),
  // onError(error) (a handler threw on a packet; the next are handled),
  // subscriptions: [filter, ...] (re-made on every connection, in order)}
  constructor(opts) {
    this.o = Object.assign({ keepalive: 30 }, opts);
    this.buf = new Uint8Array(0);
    this.nextId = 1;
    this.waiting = new Map(); // packet id -> callback(ok, detail)
    this.backoff = 1000;
    this.closed = false;
    this.connected = false;
    this.connect();
  }

  connect() {
    if (this.closed) return;
    this.status("connecting");
    let ws;
    try {
      ws = new WebSocket(this.o.url, ["mqtt"]);
    } catch (e) {
      this.status("error", String(e));
      return this.retry();
    }
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    ws.onopen = () => {
      this.buf = new Uint8Array(0);
      this.send(this.connectPacket());
    };
    ws.onmessage = (ev) => this.receive(new Uint8Array(ev.data));
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.connected = false;
      clearInterval(this.pinger);
      for (const cb of this.waiting.values()) cb(false, "disconnected");
      this.waiting.clear();
      this.status("offline");
      this.retry();
    };
    ws.onerror = () => {};
  }

  retry() {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), this.backoff);
    this.backoff = Math.min(this.backoff * 2, 10000);
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) {
      if (this.connected) this.send(new Uint8Array([0xe0, 0])); // DISCONNECT
      this.ws.close();
    }
  }

  status(s, detail) {
    if (this.o.onStatus) this.o.onStatus(s, detail);
  }

  send(bytes) {
    if (this.ws && this.ws.readyState === 1) this.ws.send(bytes);
  }

  // publish sends text on topic; with qos 1, done(ok) runs on PUBACK.
  publish(topic, text, qos, done) {
    const t = utf8(topic), p = utf8(text);
    const parts = [str(t)];
    let flags = 0x30;
    if (qos === 1) {
      const id = this.id();
      parts.push(u16(id));
      flags |= 0x02;
      if (done) this.waiting.set(id, done);
    }
    parts.push(p);
    this.send(packet(flags, parts));
    if (qos !== 1 && done) done(this.connected);
  }

  id() {
    const id = this.nextId;
    this.nextId = id >= 65535 ? 1 : id + 1;
    return id;
  }

  connectPacket() {
    const o = this.o;
    let flags = 0x02; // clean session: the retained states give the current view
    const payload = [str(utf8(o.clientId))];
    if (o.username) { flags |= 0x80; payload.push(str(utf8(o.username))); }
    if (o.password) { flags |= 0x40; payload.push(str(utf8(o.password))); }
    return packet(0x10, [str(utf8("MQTT")), new Uint8Array([4, flags]), u16(o.keepalive)].concat(payload));
  }

  subscribe() {
    const filters = this.o.subscriptions || [];
    if (!filters.length) return;
    const id = this.id();
    const parts = [u16(id)];
    for (const f of filters) parts.push(str(utf8(f)), new Uint8Array([1]));
    this.waiting.set(id, (ok, codes) => {
      if (!ok) return;
      const denied = filters.filter((f, i) => codes[i] === 0x80);
      if (denied.length) this.status("denied", denied.join(", "));
    });
    this.send(packet(0x82, parts));
  }

  receive(chunk) {
    const b = new Uint8Array(this.buf.length + chunk.length);
    b.set(this.buf);
    b.set(chunk, this.buf.length);
    let off = 0;
    for (;;) {
      if (b.length - off < 2) break;
      let len = 0, mul = 1, i = off + 1, ok = false;
      for (let n = 0; n < 4 && i < b.length; n++, i++) {
        len += (b[i] & 0x7f) * mul;
        mul *= 128;
        if ((b[i] & 0x80) === 0) { ok = true; i++; break; }
      }
      if (!ok || b.length - i < len) break;
      const head = b[off], body = b.subarray(i, i + len);
      off = i + len;
      // A message its handler fails on must not stop the ones after it:
      // the stream moves on, and the failure is reported.
      try {
        this.handle(head, body);
      } catch (e) {
        if (this.o.onError) this.o.onError(e); else console.error(e);
      }
    }
    this.buf = b.slice(off);
  }

  handle(head, body) {
    switch (head >> 4) {
      case 2: { // CONNACK
        const rc = body[1];
        if (rc !== 0) {
          const why = { 1: "protocol", 2: "client id refused", 3: "server unavailable", 4: "bad user name or password", 5: "not authorised" }[rc] || "code " + rc;
          this.status("refused", why);
          this.ws.close();
          return;
        }
        this.connected = true;
        this.backoff = 1000;
        clearInterval(this.pinger);
        this.pinger = setInterval(() => this.send(new Uint8Array([0xc0, 0])), this.o.keepalive * 500);
        this.status("online");
        this.subscribe();
        if (this.o.onConnect) this.o.onConnect();
        return;
      }
      case 3: { // PUBLISH
        const qos = (head >> 1) & 3, retain = (head & 1) === 1;
        const tl = (body[0] << 8) | body[1];
        const topic = text(body.subarray(2, 2 + tl));
        let p = 2 + tl, id = 0;
        if (qos > 0) { id = (body[p] << 8) | body[p + 1]; p += 2; }
        if (qos === 1) this.send(packet(0x40, [u16(id)]));
        if (qos === 2) this.send(packet(0x50, [u16(id)]));
        if (this.o.onMessage) this.o.onMessage(topic, text(body.subarray(p)), { retain, qos });
        return;
      }
      case 4: // PUBACK
      case 11: { // UNSUBACK
        const id = (body[0] << 8) | body[1];
        const cb = this.waiting.get(id);
        this.waiting.delete(id);
        if (cb) cb(true);
        return;
      }
      case 6: // PUBREL (QoS 2 in): answer PUBCOMP
        this.send(packet(0x70, [body.subarray(0, 2)]));
        return;
      case 9: { // SUBACK
        const id = (body[0] << 8) | body[1];
        const cb = this.waiting.get(id);
        this.waiting.delete(id);
        if (cb) cb(true, Array.from(body.subarray(2)));
        return;
      }
    }
  }
};

const enc = new TextEncoder(), dec = new TextDecoder();
function utf8(s) { return enc.encode(s); }
function text(b) { return dec.decode(b); }
function u16(n) { return new Uint8Array([n >> 8, n & 255]); }
function str(b) { const o = new Uint8Array(b.length + 2); o.set(u16(b.length)); o.set(b, 2); return o; }
function packet(head, parts) {
  let n = 0;
  for (const p of parts) n += p.length;
  const len = [];
  let x = n;
  do {
    let d = x % 128;
    x = Math.floor(x / 128);
    if (x > 0) d |= 0x80;
    len.push(d);
  } while (x > 0);
  const out = new Uint8Array(1 + len.length + n);
  out[0] = head;
  out.set(len, 1);
  let o = 1 + len.length;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
}
})();
