// Profiles the Worker over the inspector while rendering pages (CDP Profiler).
import WS from "ws";
const ws = new WS("ws://127.0.0.1:9229/baptist-men-malawi", { headers: { Origin: "http://localhost" } });
let id = 0; const pending = new Map();
const send = (method, params = {}) => new Promise((res) => { const i = ++id; pending.set(i, res); ws.send(JSON.stringify({ id: i, method, params })); });
ws.onmessage = (m) => { const d = JSON.parse(String(m.data)); if (d.id && pending.has(d.id)) { pending.get(d.id)(d.result ?? d.error); pending.delete(d.id); } };
await new Promise((r) => (ws.onopen = r));
await send("Profiler.enable");
await send("Profiler.setSamplingInterval", { interval: 100 });
const path = process.argv[2] ?? "/";
for (let i = 0; i < 10; i++) await (await fetch(`http://127.0.0.1:4195${path}`)).text();
await send("Profiler.start");
const t = performance.now();
const N = 60;
for (let i = 0; i < N; i++) await (await fetch(`http://127.0.0.1:4195${path}`)).text();
const wall = (performance.now() - t) / N;
const { profile } = await send("Profiler.stop");
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map(); const total = profile.samples.length;
const counts = new Map(); for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
const agg = (key, c) => self.set(key, (self.get(key) ?? 0) + c);
const byFile = new Map();
for (const [nid, c] of counts) { const n = byId.get(nid); const f = n.callFrame; const key = `${f.functionName || "(anon)"} ${f.url.split("/").slice(-1)[0]}:${f.lineNumber}`; agg(key, c); const file = f.url ? f.url.split("/").slice(-2).join("/") : f.functionName; byFile.set(file, (byFile.get(file) ?? 0) + c); }
const dt = (profile.endTime - profile.startTime) / 1000 / N;
console.log(`wall per request ${wall.toFixed(1)} ms; profile per request ${dt.toFixed(1)} ms; samples ${total}`);
const pct = (c) => ((c / total) * 100).toFixed(1) + "%";
console.log("by self function:"); for (const [k, c] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log("  ", pct(c), k);
console.log("by file:"); for (const [k, c] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log("  ", pct(c), k);
ws.close();
