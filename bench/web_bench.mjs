// The web build's figures for bench/README.md: the bytes a browser downloads (gzip), the
// time from navigation to the first frame, and the frames while a real mouse drags a
// handle, in Debian's headless Chromium (SwiftShader, no GPU). Run by `make bench-web`:
//   node bench/web_bench.mjs --site build-web/site [--samples a,b] [--frames 120] [--dpr 1]
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import puppeteer from "../tests/web/node_modules/puppeteer-core/lib/esm/puppeteer/puppeteer-core.js";

const args = Object.fromEntries(process.argv.slice(2).join(" ").split("--").filter(Boolean)
  .map((pair) => pair.trim().split(/\s+/)).map(([key, value]) => [key, value ?? "1"]));
const site = args.site ?? "build-web/site";
const samples = (args.samples ?? "sat-polygons,sat-polyhedra,closest-point-triangle,gjk-epa").split(",");
const frames = Number(args.frames ?? 120);
const ratio = Number(args.dpr ?? 1);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const round = (value) => Math.round(value * 10) / 10;

// Bytes: each file as a server would send it, gzip at its usual level 6.
let raw = 0, gzipped = 0;
for (const name of readdirSync(site)) {
  const bytes = readFileSync(join(site, name));
  raw += bytes.length;
  gzipped += gzipSync(bytes, { level: 6 }).length;
  console.log(`file ${name}: ${bytes.length} bytes, ${gzipSync(bytes, { level: 6 }).length} gzip`);
}
console.log(`site: ${raw} bytes, ${gzipped} gzip (${(gzipped / 1048576).toFixed(2)} MiB)`);

const server = spawn("python3", ["tests/web/serve.py", site, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
const url = await new Promise((resolve) => server.stdout.once("data", (line) => resolve(String(line).match(/http:\S+/)[0])));
const browser = await puppeteer.launch({
  executablePath: "/usr/lib/chromium/chromium", headless: true,
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--hide-scrollbars"],
});
try {
  // Navigation to first frame, each in a fresh context (nothing cached), 5 times.
  const firsts = [];
  for (let i = 0; i < 5; ++i) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 800, deviceScaleFactor: ratio });
    await page.goto(url);
    await page.waitForFunction("window.collisionLab && collisionLab.ready", { timeout: 60000 });
    firsts.push(await page.evaluate("collisionLab.firstFrameMs"));
    await context.close();
  }
  console.log(`first frame ms: median ${round(median(firsts))}, all ${firsts.map(round).join(" ")}`);

  // A drag: the first visible handle pressed and moved on a 30-pixel circle, one mouse
  // event per animation frame, sent in the page (a CDP round trip per event would time the
  // harness, not the page). The intervals between animation frames are what a user sees.
  for (const sample of samples) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 800, deviceScaleFactor: ratio });
    await page.goto(`${url}?sample=${sample}`);
    await page.waitForFunction("window.collisionLab && collisionLab.ready && collisionLab.frame > 5", { timeout: 60000 });
    const result = await page.evaluate(async (count, pixelRatio) => {
      const handle = JSON.parse(collisionLab.dumpState()).handles.find((h) => h.visible !== false);
      const [x, y] = handle.screen.map((v) => v / pixelRatio);
      const fire = (type, px, py, buttons) => Module.canvas.dispatchEvent(
        new MouseEvent(type, { clientX: px, clientY: py, button: 0, buttons, bubbles: true }));
      const nextFrame = () => new Promise(requestAnimationFrame);
      fire("mousemove", x, y, 0);
      await nextFrame();
      fire("mousedown", x, y, 1);
      const intervals = [];
      let last = performance.now();
      for (let i = 1; i <= count; ++i) {
        await nextFrame();
        fire("mousemove", x + 30 * (Math.cos(i * 0.05) - 1), y + 30 * Math.sin(i * 0.05), 1);
        const now = performance.now();
        intervals.push(now - last);
        last = now;
      }
      fire("mouseup", x, y, 0);
      const dragged = JSON.parse(collisionLab.dumpState()).handles.find((h) => h.label === handle.label);
      return { label: handle.label, moved: Math.hypot(dragged.screen[0] - handle.screen[0], dragged.screen[1] - handle.screen[1]) > 1,
               intervals, work: collisionLab.frameWorkMs.slice(-count) };
    }, frames, ratio);
    if (!result.moved) throw new Error(`${sample}: the drag did not move handle ${result.label}`);
    console.log(`drag ${sample} (handle ${result.label}): frame interval ms median ${round(median(result.intervals))}`,
      `p95 ${round(percentile(result.intervals, 0.95))} (${round(1000 / median(result.intervals))} fps);`,
      `the app's work per frame ms median ${round(median(result.work))} p95 ${round(percentile(result.work, 0.95))}`);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
}
