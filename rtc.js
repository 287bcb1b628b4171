// kozyr's table between browsers: one WebRTC data channel, introduced by hand, no server.
//
//   const rtc = await import("./rtc.js");          // only when a shared table opens
//   // the host:
//   const {code, peer} = await rtc.createInvite();  // code → an invite link (#join=<code>), QR
//   // a guest, given that code:
//   const {code: answer, peer} = await rtc.acceptInvite(code);  // answer → shown to be pasted
//   // the host, given the answer:
//   await rtc.acceptAnswer(peer, answer);
//   // both:
//   peer.onstate = (state) => …;  peer.onmessage = (text) => …;  peer.send(text);
//   peer.close();
//
// The host's offer and the guest's answer travel as short url-safe codes (about 150 characters
// for a typical offer). No ICE server by default (iceServers: []): the page makes no request
// off its origin, and players on one network meet through their host candidates (mDNS names).
// STUN/TURN servers are opt-in: createInvite({iceServers: [{urls: "stun:…"}]}).
//
// What each side learns on the way, for the page to say why a connection fails before and
// after it does: `invite.kinds` / `answer.kinds` (and after acceptAnswer, `peer.remoteKinds`)
// list the candidate types in a code ("host", "srflx", "relay"); `invite.nat` / `answer.nat`
// is "symmetric" when two STUN servers saw this device's one socket on different public ports
// (a router that maps every destination anew: only a relay crosses it), else "". Once open,
// `await peer.route()` reads the selected candidate pair (getStats): "local" (both on this
// network), "internet" (through the routers' public addresses) or "relay" (through TURN).
//
// peer.state: "connecting" → "open" → "closed", or "failed" with peer.reason one of
// "timeout" (no answer in time, or not open in time after it), "ice-failed" (the connection
// could not be made or broke), "no-candidates" (see below). Every wait ends: a peer always
// reaches "closed" or "failed"; onstate hears each change once, close() included.
// Rejections carry a machine word as Error.message:
// "no-webrtc" (this browser has no RTCPeerConnection: turned off, or a webview without it),
// "bad-code" (junk, truncated, or not the kind of code expected), "wrong-version" (a code of
// another format version), "no-candidates" (gathering found no way to reach this device: no
// network), "used" (a second answer for one invite), "closed" (the peer was closed).
//
// Messages are text, each at most MAX_MESSAGE (64 KB) of UTF-8: send() throws "too-big" past
// it (every browser's data channel carries that much in one message). The Python side keeps
// its own limit on what it accepts.

export const VERSION = 1; // the code format's version, its first byte
export const MAX_MESSAGE = 65536; // bytes of UTF-8 in one message
const WAIT_MS = 600000; // how long an invite or an answer waits for the other person
const live = new Set(); // the peers not yet closed or failed

// A page going away closes its peers, so that the other side hears "closed" at once rather than
// "failed" when its connection times out (about 16 s in Chromium).
globalThis.addEventListener?.("pagehide", () => { for (const peer of live) peer.close(); });

// --- the peer ---------------------------------------------------------------------------------

class Peer {
  constructor(pc, channel) {
    this.pc = pc;
    this.channel = channel;
    this.state = "connecting";
    this.reason = null;
    this.remoteKinds = []; // the candidate types of the other side's code
    this.onstate = null;
    this._onmessage = null;
    this._inbox = []; // messages heard before onmessage was set
    this._timer = null;
    this._answered = false;
    live.add(this);
    channel.onopen = () => this._set("open");
    channel.onclose = () => this._end("closed");
    channel.onmessage = (event) => {
      if (typeof event.data !== "string") return; // text only
      if (this._onmessage) this._onmessage(event.data);
      else this._inbox.push(event.data);
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === "failed") this._end("failed", "ice-failed");
      else if (pc.connectionState === "closed") this._end("closed");
    };
    pc.oniceconnectionstatechange = () => {
      if (pc.iceConnectionState === "failed") this._end("failed", "ice-failed");
    };
  }

  get onmessage() { return this._onmessage; }
  set onmessage(handler) {
    this._onmessage = handler;
    while (handler && this._inbox.length) handler(this._inbox.shift());
  }

  send(text) {
    if (this.state !== "open") throw new Error("not-open");
    if (new TextEncoder().encode(text).length > MAX_MESSAGE) throw new Error("too-big");
    this.channel.send(String(text));
  }

  close() { this._end("closed"); }

  // How the open connection goes: the selected candidate pair's types ("" when unknown).
  async route() {
    try {
      const stats = await this.pc.getStats();
      let pair = null;
      stats.forEach((s) => {
        if (s.type === "transport" && s.selectedCandidatePairId) {
          pair = stats.get(s.selectedCandidatePairId);
        }
      });
      if (!pair) stats.forEach((s) => {
        if (!pair && s.type === "candidate-pair" && s.nominated && s.state === "succeeded") pair = s;
      });
      const types = [pair?.localCandidateId, pair?.remoteCandidateId]
        .map((id) => stats.get(id)?.candidateType);
      if (!types[0] || !types[1]) return "";
      if (types.includes("relay")) return "relay";
      return types.every((t) => t === "host") ? "local" : "internet";
    } catch { return ""; }
  }

  // "failed" with `reason` unless open within ms
  _deadline(ms) {
    clearTimeout(this._timer);
    this._timer = setTimeout(() => {
      if (this.state === "connecting") this._end("failed", "timeout");
    }, ms);
  }

  _set(state) {
    if (this.state === state || this.state === "closed" || this.state === "failed") return;
    this.state = state;
    if (state === "open") clearTimeout(this._timer);
    if (this.onstate) this.onstate(state);
  }

  _end(state, reason = null) {
    if (this.state === "closed" || this.state === "failed") return;
    clearTimeout(this._timer);
    live.delete(this);
    this.reason = reason;
    this._set(state);
    this.channel.onopen = this.channel.onclose = this.channel.onmessage = null;
    this.pc.onconnectionstatechange = this.pc.oniceconnectionstatechange = null;
    this.channel.close();
    this.pc.close();
  }
}

// Rejects "no-webrtc" where the browser has no RTCPeerConnection (turned off by policy, or a
// webview built without it), before anything else can fail for that reason.
function webrtc() {
  if (typeof globalThis.RTCPeerConnection !== "function") throw new Error("no-webrtc");
}

// A connection and its channel: negotiated (id 0 on both sides), so the guest has it at once.
function connection(iceServers) {
  const pc = new RTCPeerConnection({iceServers});
  const channel = pc.createDataChannel("kozyr", {negotiated: true, id: 0, ordered: true});
  return new Peer(pc, channel);
}

// Waits until ICE gathering completes (or timeoutMs), then returns the local SDP.
async function gathered(pc, timeoutMs) {
  if (pc.iceGatheringState !== "complete") {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
      });
    });
  }
  return pc.localDescription.sdp;
}

async function described(peer, timeoutMs, answer) {
  try {
    const sdp = await gathered(peer.pc, timeoutMs);
    return {code: await pack(sdp, answer), kinds: kindsOf(sdp), nat: natOf(sdp)};
  } catch (error) {
    peer._end("failed", error.message);
    throw error;
  }
}

// The candidate types in an SDP, each once.
function kindsOf(sdp) {
  const kinds = new Set();
  for (const [, type] of sdp.matchAll(/^a=candidate:.* typ (\w+)/gm)) kinds.add(type);
  return [...kinds];
}

// "symmetric" when one public address was seen on more UDP ports than this device has UDP
// sockets (host candidates): each STUN server was given a port of its own.
function natOf(sdp) {
  const lines = [...sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ (\w+)/gim)];
  const sockets = lines.filter(([, , , type]) => type === "host").length || 1;
  const ports = new Map();
  for (const [, address, port, type] of lines) {
    if (type !== "srflx") continue;
    if (!ports.has(address)) ports.set(address, new Set());
    ports.get(address).add(port);
  }
  return [...ports.values()].some((p) => p.size > sockets) ? "symmetric" : "";
}

// --- the three steps --------------------------------------------------------------------------

// The host: a connection, its offer as a code. Gathering takes at most timeoutMs; the invite
// waits waitMs for its answer.
export async function createInvite({iceServers = [], timeoutMs = 10000, waitMs = WAIT_MS} = {}) {
  webrtc();
  const peer = connection(iceServers);
  await peer.pc.setLocalDescription(await peer.pc.createOffer());
  const {code, kinds, nat} = await described(peer, timeoutMs, false);
  peer._deadline(waitMs);
  return {code, peer, kinds, nat};
}

// A guest: the host's code taken, the answer as a code. The answer waits waitMs for the host
// to take it (the channel opens when it has).
export async function acceptInvite(code,
  {iceServers = [], timeoutMs = 10000, waitMs = WAIT_MS} = {}) {
  webrtc();
  const offer = await unpack(code, false);
  const peer = connection(iceServers);
  try {
    await peer.pc.setRemoteDescription({type: "offer", sdp: offer});
    peer.remoteKinds = kindsOf(offer);
    await peer.pc.setLocalDescription(await peer.pc.createAnswer());
  } catch (error) {
    peer._end("failed", "bad-code");
    throw new Error("bad-code");
  }
  const {code: answer, kinds, nat} = await described(peer, timeoutMs, true);
  peer._deadline(waitMs);
  return {code: answer, peer, kinds, nat};
}

// The host again: a guest's answer completes the connection; "open" within timeoutMs, or
// "failed" ("timeout"). A code that does not read rejects and leaves the invite waiting for
// another; once one is taken, any further one rejects "used".
export async function acceptAnswer(peer, code, {timeoutMs = 10000} = {}) {
  if (peer.state === "closed" || peer.state === "failed") throw new Error("closed");
  if (peer._answered) throw new Error("used");
  const mid = /^a=mid:(\S+)/m.exec(peer.pc.localDescription.sdp)?.[1] ?? "0";
  const answer = await unpack(code, true, mid);
  if (peer._answered) throw new Error("used");
  peer._answered = true;
  try {
    await peer.pc.setRemoteDescription({type: "answer", sdp: answer});
    peer.remoteKinds = kindsOf(answer);
  } catch (error) {
    peer._answered = false; // the browser refused it: another answer may still come
    throw new Error("bad-code");
  }
  peer._deadline(timeoutMs);
}

// --- the camera reading the guest's answer (the host's "Scan the answer") ---------------------
// scanQr(videoId) asks for the camera (the one facing away, where there are two), shows it in
// the <video> of that id (looked up anew each time: a redraw of the page may replace it) and
// reads QR codes from it with BarcodeDetector until one holds a code (url-safe base64: not a
// link or other text). `code` resolves with that text, or rejects with a word:
// "camera-refused" (the person or the browser said no), "no-camera", "camera-failed" (it
// would not start: in use by another app), "stopped" (stop() was called). The camera stops
// when a code is read, on a rejection, and on stop().
export function scanQr(videoId, {everyMs = 200} = {}) {
  let stream = null, timer = null, done = false, quit = null;
  const stop = () => {
    done = true;
    clearTimeout(timer);
    stream?.getTracks().forEach((track) => track.stop());
    const video = document.getElementById(videoId);
    if (video && video.srcObject === stream) video.srcObject = null;
    quit?.(new Error("stopped"));
  };
  const read = async () => {
    try {
      stream = await navigator.mediaDevices.getUserMedia(
        {video: {facingMode: {ideal: "environment"}}, audio: false});
    } catch (error) {
      throw new Error(cameraWord(error));
    }
    if (done) { // stopped while the browser asked: the camera it gave stops at once
      stream.getTracks().forEach((track) => track.stop());
      throw new Error("stopped");
    }
    const detector = new BarcodeDetector({formats: ["qr_code"]});
    while (!done) {
      const video = document.getElementById(videoId);
      if (video && video.srcObject !== stream) {
        video.srcObject = stream;
        video.play().catch(() => {}); // (muted and inline: it may play)
      }
      if (video && video.readyState >= 2) {
        const found = await detector.detect(video).catch(() => []);
        const text = found.map((c) => String(c.rawValue || "").trim()).find(isCode);
        if (text && !done) return text;
      }
      await new Promise((resolve) => { timer = setTimeout(resolve, everyMs); });
    }
    throw new Error("stopped");
  };
  const code = Promise.race([read(), new Promise((_, reject) => { quit = reject; })]);
  code.then(stop, stop);
  return {code, stop};
}

const isCode = (text) => /^[A-Za-z0-9_-]{16,}$/.test(text);

function cameraWord(error) {
  const name = error?.name || "";
  if (name === "NotAllowedError" || name === "SecurityError") return "camera-refused";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "no-camera";
  if (!navigator.mediaDevices?.getUserMedia) return "no-camera";
  return "camera-failed";
}

// --- the code ---------------------------------------------------------------------------------
// base64url of: [VERSION] [flags] [body, deflate-raw'd when that is shorter] [CRC-32, 4 bytes]
//   flags: bit 0 answer (else offer), bits 1-2 setup (actpass, active, passive), bit 7 deflated
//   body:  ice-ufrag (length byte + ASCII), ice-pwd (same), fingerprint hash (byte: sha-256,
//          sha-384, sha-512, sha-1) + its digest, candidate count (byte), each candidate:
//          kind byte  bits 0-1 type (host srflx prflx relay), bit 2 TCP, bits 3-4 tcptype
//                     (active passive so), bits 5-6 address (IPv4: 4 bytes, IPv6: 16 bytes,
//                     mDNS UUID name: 16 bytes, other name: length byte + ASCII)
//          port (2 bytes), priority (4 bytes)
// The CRC (over all before it) tells junk and truncated codes ("bad-code") from codes of
// another version ("wrong-version"): the version byte first and the CRC last stay in every
// version. The rebuilt SDP has one data channel m-line (BUNDLE, mid, sctp-port 5000).

const SETUPS = ["actpass", "active", "passive"];
const HASHES = [["sha-256", 32], ["sha-384", 48], ["sha-512", 64], ["sha-1", 20]];
const TYPES = ["host", "srflx", "prflx", "relay"];
const TCPTYPES = ["active", "passive", "so"];
const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;

async function pack(sdp, answer) {
  const field = (name) => new RegExp(`^a=${name}:(.*)$`, "m").exec(sdp)?.[1].trim();
  const out = [];
  const text = (s) => { out.push(s.length, ...[...s].map((c) => c.charCodeAt(0) & 0x7f)); };
  const [hash, digest] = field("fingerprint").split(" ");
  const setup = SETUPS.indexOf(field("setup"));
  text(field("ice-ufrag"));
  text(field("ice-pwd"));
  out.push(HASHES.findIndex(([name]) => name === hash.toLowerCase()),
    ...digest.split(":").map((h) => parseInt(h, 16)));
  const candidates = [];
  for (const [, line] of sdp.matchAll(/^a=candidate:(.*)$/gm)) {
    const c = candidate(line.trim());
    if (c) candidates.push(c);
  }
  if (!candidates.length) throw new Error("no-candidates");
  out.push(Math.min(candidates.length, 255));
  for (const c of candidates.slice(0, 255)) out.push(...c);
  let body = new Uint8Array(out);
  let flags = (answer ? 1 : 0) | (Math.max(setup, 0) << 1);
  const squeezed = await deflate(body, "CompressionStream");
  if (squeezed.length < body.length) { body = squeezed; flags |= 0x80; }
  const framed = new Uint8Array([VERSION, flags, ...body, 0, 0, 0, 0]);
  new DataView(framed.buffer).setUint32(framed.length - 4, crc32(framed.subarray(0, -4)));
  return base64url(framed);
}

// One candidate line ("foundation component transport priority address port typ type ...")
// as bytes, or null for one not worth sending (not component 1, unknown kind).
function candidate(line) {
  const f = line.split(/\s+/);
  const type = TYPES.indexOf(f[7]);
  if (f[1] !== "1" || f[6] !== "typ" || type < 0) return null;
  const tcp = f[2].toLowerCase() === "tcp";
  const tcptype = tcp ? Math.max(TCPTYPES.indexOf(f[f.indexOf("tcptype") + 1]), 0) : 0;
  let kind = 3, address = [...f[4]].map((c) => c.charCodeAt(0) & 0x7f);
  const uuid = UUID.exec(f[4]);
  const v6 = f[4].includes(":") && ipv6(f[4]);
  if (/^\d+\.\d+\.\d+\.\d+$/.test(f[4])) { kind = 0; address = f[4].split(".").map(Number); }
  else if (v6) { kind = 1; address = v6; }
  else if (uuid) { kind = 2; address = hex(uuid.slice(1).join("")); }
  else if (address.length > 255) return null;
  else address = [address.length, ...address];
  const port = Number(f[5]), priority = Number(f[3]);
  return [type | (tcp ? 4 : 0) | (tcptype << 3) | (kind << 5), ...address,
    port >> 8, port & 255, priority >>> 24, (priority >>> 16) & 255, (priority >>> 8) & 255,
    priority & 255];
}

// A code back to an SDP of the kind expected; rejects "bad-code" or "wrong-version".
async function unpack(code, answer, mid = "0") {
  let bytes;
  try {
    if (typeof code !== "string" || !/^[A-Za-z0-9_-]{8,}$/.test(code.trim())) throw 0;
    bytes = unbase64url(code.trim());
  } catch { throw new Error("bad-code"); }
  const view = new DataView(bytes.buffer);
  if (bytes.length < 8 || view.getUint32(bytes.length - 4) !== crc32(bytes.subarray(0, -4))) {
    throw new Error("bad-code");
  }
  if (bytes[0] !== VERSION) throw new Error("wrong-version");
  const flags = bytes[1];
  if (Boolean(flags & 1) !== answer) throw new Error("bad-code"); // an offer for an answer
  try {
    let body = bytes.subarray(2, -4);
    if (flags & 0x80) body = await deflate(body, "DecompressionStream");
    return sdpOf(body, SETUPS[(flags >> 1) & 3], mid);
  } catch { throw new Error("bad-code"); }
}

function sdpOf(body, setup, mid) {
  let at = 0;
  const take = (n) => {
    if (at + n > body.length) throw new Error("short");
    return [...body.subarray(at, (at += n))];
  };
  const text = () => String.fromCharCode(...take(take(1)[0]));
  const ufrag = text(), pwd = text();
  const [hash, size] = HASHES[take(1)[0]];
  const digest = take(size).map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const lines = [];
  const count = take(1)[0];
  for (let i = 0; i < count; i++) {
    const [k] = take(1);
    const kind = k >> 5;
    const address = kind === 0 ? take(4).join(".")
      : kind === 1 ? ipv6Text(take(16))
      : kind === 2 ? uuidText(take(16))
      : text();
    const [p1, p2, q1, q2, q3, q4] = take(6);
    const priority = ((q1 << 24) | (q2 << 16) | (q3 << 8) | q4) >>> 0;
    const type = TYPES[k & 3];
    let line = `a=candidate:${i + 1} 1 ${k & 4 ? "tcp" : "udp"} ${priority} ${address} ` +
      `${(p1 << 8) | p2} typ ${type}`;
    if (type !== "host") line += " raddr 0.0.0.0 rport 0";
    if (k & 4) line += ` tcptype ${TCPTYPES[(k >> 3) & 3]}`;
    lines.push(line);
  }
  if (at !== body.length || !setup || !ufrag || !pwd) throw new Error("bad");
  return [
    "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", `a=group:BUNDLE ${mid}`,
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...lines, "a=end-of-candidates",
    `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`, `a=fingerprint:${hash} ${digest}`,
    `a=setup:${setup}`, `a=mid:${mid}`, "a=sctp-port:5000", "a=max-message-size:262144", "",
  ].join("\r\n");
}

// --- bytes ------------------------------------------------------------------------------------

async function deflate(bytes, kind) {
  const stream = new Blob([bytes]).stream().pipeThrough(new globalThis[kind]("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function crc32(bytes) {
  let crc = ~0;
  for (const b of bytes) {
    crc ^= b;
    for (let i = 0; i < 8; i++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function base64url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}

function unbase64url(text) {
  return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
}

const hex = (h) => h.match(/../g).map((b) => parseInt(b, 16));

function uuidText(bytes) {
  const h = bytes.map((b) => b.toString(16).padStart(2, "0")).join("");
  const parts = [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20)];
  return `${parts.join("-")}.local`;
}

// An IPv6 address as 16 bytes, or null for a form not handled here (then sent as text).
function ipv6(text) {
  if (!/^[0-9a-f:]+$/i.test(text)) return null;
  const [head, tail, extra] = text.split("::");
  if (extra !== undefined) return null;
  const groups = (s) => (s ? s.split(":") : []);
  const h = groups(head), t = groups(tail);
  const all = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
  if (all.length !== 8 || all.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  return all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
}

function ipv6Text(bytes) {
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return groups.join(":");
}
