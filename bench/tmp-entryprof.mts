import fs from 'node:fs';
import puppeteer from 'puppeteer-core';
import { CHROME_FLAGS, chromePath } from './lib/lighthouse';
const [base, dist, path = '/login', runs = '3'] = process.argv.slice(2);
const browser = await puppeteer.launch({ executablePath: chromePath(), args: CHROME_FLAGS.filter((f) => f !== '--headless=new'), headless: true });
// region map per chunk file: sorted [line, region]
const regions = new Map<string, [number, string][]>();
const regionOf = (url: string, line: number) => {
  const file = url.split('/assets/')[1]; if (!file) return url ? url.replace(base!, '') : '(native)';
  let list = regions.get(file);
  if (!list) { list = []; const lines = fs.readFileSync(`${dist}/assets/${file}`, 'utf8').split('\n'); lines.forEach((l, i) => { const m = l.match(/^\/\/ ((?:\.\.\/)+node_modules\/.*|src\/.*|\\0.*)$/); if (m) list!.push([i, m[1]!]); }); regions.set(file, list); }
  let r = file; for (const [l, name] of list) { if (l <= line) r = name; else break; }
  return r;
};
const pkgOf = (r: string) => { const m = r.match(/node_modules\/((@[^/]+\/)?[^/]+)/); return m ? m[1]! : r.startsWith('src/') || r.includes('/src/') ? 'app:' + r.replace(/^.*?src\//, '').split('/')[0] : r; };
const totals = new Map<string, number>(); const pk = new Map<string, number>(); let all = 0;
for (let run = 0; run < Number(runs); run++) {
  const ctx = await browser.createBrowserContext();
  const page = await ctx.newPage();
  await page.setViewport({ width: 390, height: 844 });
  const cdp = await page.createCDPSession();
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  await page.goto(`${base}${path}`, { waitUntil: 'load' });
  await new Promise((r) => setTimeout(r, 300));
  const { profile } = await cdp.send('Profiler.stop') as any;
  const nodes = new Map(profile.nodes.map((n: any) => [n.id, n]));
  const parent = new Map<number, number>(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Only samples inside the first evaluation of the entry: stacks holding a top-level frame of index-*.js
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const n: any = nodes.get(profile.samples[i]);
    let id: number | undefined = n.id; let inEntry = false;
    while (id !== undefined) { const f = (nodes.get(id) as any).callFrame; if (f.functionName === '' && /\/assets\/index-[^/]+\.js$/.test(f.url) && f.lineNumber === 0) { inEntry = true; break; } id = parent.get(id); }
    if (!inEntry) continue;
    const cf = n.callFrame; const r = regionOf(cf.url, cf.lineNumber);
    const key = `${r} :: ${cf.functionName || '(top)'}:${cf.lineNumber}`; totals.set(key, (totals.get(key) ?? 0) + dt); pk.set(pkgOf(r), (pk.get(pkgOf(r)) ?? 0) + dt); all += dt;
  }
  await ctx.close();
}
const n = Number(runs);
console.log(`entry top-level evaluation: ${(all / n).toFixed(1)} ms per load`);
const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([a, v]) => `${(v / n).toFixed(1).padStart(6)} ms ${a}`).join('\n');
console.log('--- by package\n' + top(pk, 25));
console.log('--- by module\n' + top(totals, 40));
await browser.close();
