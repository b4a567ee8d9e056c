// `bridgelaws serve` in a real browser: the binary on the bundled corpus, Debian's Chromium
// driven by playwright-core, at a phone's size and a desktop's. Each step waits for what it
// expects to see (never for a time), checks the page with axe-core (no serious or critical
// violation), checks that nothing scrolls sideways, and writes a screenshot to
// target/screenshots/.
//
// BRIDGELAWS_BIN names the binary (default target/debug/bridgelaws); CHROMIUM the browser
// (default /usr/bin/chromium).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const binary = process.env.BRIDGELAWS_BIN || path.join(root, "target/debug/bridgelaws");
const shots = path.join(root, "target/screenshots");
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

let server;
let base;
let browser;

before(async () => {
  mkdirSync(shots, { recursive: true });
  server = spawn(binary, ["serve", "--addr", "127.0.0.1:0"], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  base = await new Promise((resolve, reject) => {
    let seen = "";
    server.stdout.on("data", (chunk) => {
      seen += chunk;
      const found = seen.match(/serving (http:\/\/[^/\s]+)\//);
      if (found) resolve(found[1]);
    });
    server.on("exit", (code) => reject(new Error(`bridgelaws serve exited with ${code}: ${seen}`)));
  });
  // playwright-core gives each launch a fresh, temporary user-data-dir of its own.
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
});

after(async () => {
  await browser?.close();
  server?.kill();
});

/** A fresh page at `size`, failing the test on any console error (a CSP refusal among them). */
async function open(size, options = {}) {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    ...options,
  });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("response", (r) => {
    if (r.status() >= 500) errors.push(`${r.status()} ${r.url()}`);
  });
  return { context, page, errors };
}

/** The checks every page passes: axe-core, no sideways scrolling; then its screenshot. */
async function checked(page, size, name) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    // eslint-disable-next-line no-undef
    axe.run(document, { resultTypes: ["violations"] }));
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(
    bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`),
    [], `${name} at ${size.name}: axe-core violations`);
  const overflow = await page.evaluate(() =>
    document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `${name} at ${size.name} scrolls sideways by ${overflow}px`);
  await page.screenshot({ path: path.join(shots, `${name}-${size.name}.png`) });
}

/** Every table as wide as its box at most: one scrolled sideways inside its box hides the start
 * of its right-aligned Hebrew lines. */
async function fitsItsBox(page, size, name) {
  const wider = await page.evaluate(() => [...document.querySelectorAll(".table-scroll")]
    .map((box) => box.scrollWidth - box.clientWidth).filter((over) => over > 0));
  assert.deepEqual(wider, [], `${name} at ${size.name}: a table wider than its box`);
  // Nor an id wider than its cell, running into the next column (`40B1(a)(iii)`, indented).
  const spilling = await page.evaluate(() => [...document.querySelectorAll("table th[scope=row]")]
    .filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent.trim()));
  assert.deepEqual(spilling, [], `${name} at ${size.name}: ids wider than their cells`);
}

/** Type `query` into the search box key by key and wait for a result linking to `law`, to be
 * opened in `lang`. */
async function typeAndFind(page, query, law, lang) {
  await page.goto(`${base}/search`);
  // The page's one search box has the focus: a director types at once.
  assert.equal(await page.locator('input[type="search"]').count(), 1);
  assert.equal(await page.evaluate(() => document.activeElement.id), "q");
  await page.keyboard.type(query);
  await page.locator(`#results ol.results a.hit[href="/law/${law}?in=${lang}"]`).first().waitFor();
  // The query is in the URL, so that the result can be shared.
  await page.waitForURL((url) => url.searchParams.get("q") === query);
}

for (const size of SIZES) {
  test(`search as you type in Hebrew, Greek and English (${size.name})`, async () => {
    const { context, page, errors } = await open(size);
    await typeAndFind(page, "הובלה שלא בתור", "53", "he");
    const first = page.locator("#results ol.results li").first();
    assert.equal(await first.getAttribute("lang"), "he");
    assert.equal(await first.getAttribute("dir"), "rtl");
    assert.ok(await page.locator("#results mark").count() > 0, "matched words marked");
    await checked(page, size, "search-he");
    // A Hebrew result opens its law in Hebrew.
    await page.locator('#results a.hit[href="/law/53?in=he"]').first().click();
    await page.waitForURL(`${base}/law/53?in=he`);
    assert.equal(await page.locator("html").getAttribute("lang"), "he");
    await page.locator("article.node-text[lang=he][dir=rtl]").first().waitFor();
    await typeAndFind(page, "ανεπαρκης αγορα", "27", "el");
    await checked(page, size, "search-el");
    await typeAndFind(page, "insufficient bid", "27A", "en");
    await checked(page, size, "search-en");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`a node, a citation followed, cited-by (${size.name})`, async () => {
    const { context, page, errors } = await open(size);
    // The Hebrew edition alone: a right-to-left page, remembered for the next.
    await page.goto(`${base}/law/27B1(a)?view=he`);
    assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
    await page.locator("article.node-text[lang=he][dir=rtl]").waitFor();
    await checked(page, size, "node-he");
    // A citation followed keeps the view the page is seen in, in its address.
    await page.locator('article.node-text a.cite[href="/law/26B?in=he"]').first().click();
    await page.waitForURL(`${base}/law/26B?in=he`);
    assert.equal(await page.locator("html").getAttribute("lang"), "he", "the view is remembered");
    await page.locator('section.cited-by a[href="/law/27B1(a)?in=he"]').first().waitFor();
    await checked(page, size, "cited-by-he");
    // Every edition side by side: the translator's view.
    await page.goto(`${base}/law/40B1?view=all`);
    await page.locator("table.side td[lang=he][dir=rtl]").first().waitFor();
    await page.locator("section.regulations").waitFor();
    await checked(page, size, "node-side-by-side");
    await fitsItsBox(page, size, "node-side-by-side");
    // Sub-items, indented, with the longest ids.
    await page.goto(`${base}/law/40B2?view=all`);
    await page.locator("table.side td[lang=el]").first().waitFor();
    await checked(page, size, "node-side-by-side-deep");
    await fitsItsBox(page, size, "node-side-by-side-deep");
    // A range of laws is no node: a page linking each law of it.
    await page.goto(`${base}/law/61-64`);
    await page.locator('main ul.laws a[href="/law/64?in=all"]').waitFor();
    await checked(page, size, "law-range");
    // A spelling of the reference goes to the canonical address; one in Greek, to the Greek
    // edition.
    await page.goto(`${base}/law/${encodeURIComponent("Νόμος 27Β1α")}`);
    await page.waitForURL(`${base}/law/27B1(a)?view=el`);
    await page.goto(`${base}/law/27b1a`);
    // The Greek view, remembered from the address before.
    await page.waitForURL(`${base}/law/27B1(a)?in=el`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`the Israel–Greece comparison of regulations (${size.name})`, async () => {
    const { context, page, errors } = await open(size);
    await page.goto(`${base}/regs`);
    await page.locator('a[href="/regs/diff/il/gr"], a[href="/regs/diff/gr/il"]').first().click();
    await page.locator("table.regs tbody tr").first().waitFor();
    assert.ok(await page.locator("table.regs tbody tr").count() > 10);
    await page.locator('table.regs td p.printed[lang=he][dir=rtl]').first().waitFor();
    await checked(page, size, "regs-il-gr");
    await fitsItsBox(page, size, "regs-il-gr");
    // One country: its federation's name, Hebrew and Latin, isolated from the line around it.
    await page.goto(`${base}/regs/il`);
    await page.locator("main p bdi[dir=auto]", { hasText: "לברידג'" }).waitFor();
    await checked(page, size, "regs-il");
    await fitsItsBox(page, size, "regs-il");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`commentary, glossary, 404, keyboard (${size.name})`, async () => {
    const { context, page, errors } = await open(size);
    await page.goto(`${base}/commentary/law-27-slides`);
    await page.locator("article.commentary[dir=rtl] table[dir=ltr]").first().waitFor();
    await checked(page, size, "commentary");
    await page.goto(`${base}/glossary?q=${encodeURIComponent("כפל")}`);
    await page.locator('article.concept dd[lang=el]').first().waitFor();
    await checked(page, size, "glossary");
    assert.deepEqual(errors, []);
    const missing = await page.goto(`${base}/no/such/page`);
    assert.equal(missing.status(), 404);
    // The browser reports the 404 it was sent on purpose.
    errors.length = 0;
    await page.locator("main h1").waitFor();
    await checked(page, size, "not-found");
    // The first Tab reaches the link that skips to the content (the start page's search box
    // has the focus already).
    await page.goto(`${base}/regs`);
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement.className), "skip");
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** The pages in Hebrew and Greek: each says everything in its words, the numbers and queries
 * isolated in their own direction. */
const INTERFACES = [
  { lang: "he", locale: "he-IL", query: "הובלה שלא בתור", law: "53", results: /^\d+ תוצאות$/,
    nothing: "לא נמצא דבר עבור", noLaw: ["חוק 99", "אין חוק 99"], label: "מילון מונחים: מונח בעברית, ביוונית או באנגלית",
    heading: "חוק 19 – ", kind: "חוק", node: "סעיף", regulated: "סעיפים מוסדרים בתקנות" },
  { lang: "el", locale: "el-GR", query: "ανεπαρκης αγορα", law: "27", results: /^\d+ αποτελέσματα$/,
    nothing: "Δεν βρέθηκε τίποτα για", noLaw: ["Νόμος 99", "Δεν υπάρχει Νόμος 99"], label: "Γλωσσάριο: ένας όρος στα ελληνικά, εβραϊκά ή αγγλικά",
    heading: "ΝΟΜΟΣ 19 – ", kind: "νόμος", node: "Διάταξη", regulated: "διατάξεις ρυθμίζονται" },
];

for (const size of SIZES) {
  for (const ui of INTERFACES) {
    test(`the ${ui.lang} interface speaks ${ui.lang} (${size.name})`, async () => {
      const { context, page, errors } = await open(size, { locale: ui.locale });
      await typeAndFind(page, ui.query, ui.law, ui.lang);
      assert.equal(await page.locator("html").getAttribute("lang"), ui.lang);
      // The count the script draws: the page's words, the number on the side a reader of the
      // page's direction starts from.
      const count = page.locator("#results p.count");
      assert.match((await count.textContent()).trim(), ui.results);
      const [line, number] = await Promise.all([count.boundingBox(), count.locator("bdi").boundingBox()]);
      const rtl = ui.lang === "he";
      const gap = rtl ? line.x + line.width - (number.x + number.width) : number.x - line.x;
      assert.ok(gap < 2, `the count's number starts its line (${gap}px from its start)`);
      // What a result is, after its edition's id: in the page's words.
      const kind = page.locator("#results ol.results .edition span[lang]").first();
      assert.equal(await kind.getAttribute("lang"), ui.lang);
      assert.equal((await kind.textContent()).trim(), ui.kind);
      await checked(page, size, `search-ui-${ui.lang}`);
      // Nothing found: said in the page's words, the query isolated.
      await page.locator("#q").fill("");
      await page.keyboard.type("zzqqxxyy");
      await page.locator("#results p.message", { hasText: ui.nothing }).waitFor();
      assert.equal(await page.locator("#results p.message bdi").textContent(), "zzqqxxyy");
      // What the search says of a law beyond the Laws, as you type: in the page's words too.
      await page.locator("#q").fill("");
      await page.keyboard.type(ui.noLaw[0]);
      await page.locator("#results p.message", { hasText: ui.noLaw[1] }).waitFor();
      // The glossary: its label whole in the page's language, the laws by their headings in it.
      await page.goto(`${base}/glossary?q=double`);
      assert.equal((await page.locator("label[for=term]").textContent()).trim(), ui.label);
      const heading = page.locator(`article.concept li span[lang=${ui.lang}]`).first();
      assert.ok((await heading.textContent()).startsWith(ui.heading));
      await checked(page, size, `glossary-ui-${ui.lang}`);
      // Two countries' regulations compared: the summary and the column of the nodes in the
      // page's words, the numbers and country codes isolated.
      await page.goto(`${base}/regs/diff/il/gr`);
      await page.locator("table.regs tbody tr").first().waitFor();
      assert.equal((await page.locator("table.regs thead th").first().textContent()).trim(), ui.node);
      assert.ok((await page.locator("main > p").first().textContent()).includes(ui.regulated));
      await checked(page, size, `regs-ui-${ui.lang}`);
      await fitsItsBox(page, size, `regs-ui-${ui.lang}`);
      // A citation typed in the address in this script opens in this edition.
      const typed = ui.lang === "he" ? "חוק 27ב1(א)" : "Νόμος 27Β1α";
      await page.goto(`${base}/law/${encodeURIComponent(typed)}`);
      await page.waitForURL(`${base}/law/27B1(a)?view=${ui.lang}`);
      await page.locator(`article.node-text[lang=${ui.lang}]`).waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test("a law's address says the view it is seen in, whatever the browser remembers", async () => {
  const { context, page, errors } = await open(PHONE);
  // The reader once chose English: a Hebrew result still opens in Hebrew.
  await page.goto(`${base}/law/12?view=en`);
  await page.goto(`${base}/search?q=${encodeURIComponent("חוק 27ב1(א)")}`);
  await page.locator('#results a.hit[href="/law/27B1(a)?in=he"]').first().click();
  await page.waitForURL(`${base}/law/27B1(a)?in=he`);
  await page.locator("article.node-text[lang=he]").waitFor();
  // Its links keep the Hebrew view, and so does the page a citation opens.
  await page.locator('article.node-text a.cite[href="/law/26B?in=he"]').first().click();
  await page.waitForURL(`${base}/law/26B?in=he`);
  await page.locator("article.node-text[lang=he]").waitFor();
  // A page opened in the view remembered says it in its address, to be shared as seen.
  await page.goto(`${base}/law/73A1`);
  await page.waitForURL(`${base}/law/73A1?in=en`);
  // Another reader, who remembers no view, opens the address as it was seen.
  const other = await browser.newContext({ viewport: { width: PHONE.width, height: PHONE.height } });
  const shared = await other.newPage();
  await shared.goto(`${base}/law/26B?in=he`);
  assert.equal(await shared.locator("html").getAttribute("lang"), "he");
  await shared.locator("article.node-text[lang=he]").waitFor();
  await other.close();
  // Ten more results, kept in the address through a reload.
  await page.goto(`${base}/search?q=revoke`);
  await page.locator("#results p.more a").click();
  await page.waitForURL((url) => url.searchParams.get("limit") === "20");
  await page.reload();
  await page.waitForURL((url) => url.searchParams.get("limit") === "20");
  assert.equal(await page.locator("#results a.hit").count(), 20);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the start page keeps its place in the history", async () => {
  const { context, page, errors } = await open(SIZES[1]);
  await page.goto(`${base}/`);
  await page.locator("#q").click();
  await page.keyboard.type("revoke");
  const result = page.locator('#results a.hit[href="/law/61?in=en"]').first();
  await result.waitFor();
  await result.click();
  await page.waitForURL(`${base}/law/61?in=en`);
  await page.goBack();
  await page.waitForURL((url) => url.searchParams.get("q") === "revoke");
  await page.locator("#results a.hit").first().waitFor();
  await page.goBack();
  await page.waitForURL(`${base}/`);
  // Back to the start page the script reloads it: wait for the reload, not the address alone
  // (which changes first).
  await page.waitForFunction(() =>
    document.readyState === "complete" && !document.querySelector("#results a.hit"));
  assert.equal(await page.locator("#q").inputValue(), "");
  assert.equal(await page.locator("#results a.hit").count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the search page works with JavaScript off", async () => {
  const { context, page } = await open(SIZES[1], { javaScriptEnabled: false });
  await page.goto(`${base}/search`);
  await page.locator("#q").fill("revoke");
  await page.locator("#q").press("Enter");
  await page.waitForURL((url) => url.searchParams.get("q") === "revoke");
  await page.locator('#results a.hit[href="/law/61?in=en"]').first().waitFor();
  await context.close();
});

const PHONE = SIZES[0];
/** The locales whose pages are checked: English, Hebrew (right to left) and Greek. */
const LOCALES = ["en", "he-IL", "el-GR"];

/** Text at 200%, as a reader who set the browser's text size: the default font of 16 px made
 * 32 px for every page the tab opens (`rem` and the media queries follow it). */
async function doubleText(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
}

/** What sticks out of the screen: the document's sideways scroll, and every visible box of the
 * page's own (the search box among them) beyond either edge. */
async function outside(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    if (document.documentElement.scrollWidth > width) {
      out.push(`the page is ${document.documentElement.scrollWidth}px wide in ${width}px`);
    }
    for (const el of document.querySelectorAll("header *, main *, footer *")) {
      if (el.closest("thead, .visually-hidden, .skip")) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      if (r.left < -0.5 || r.right > width + 0.5) {
        const name = el.tagName.toLowerCase() + (el.id ? `#${el.id}` : "");
        out.push(`${name} spans ${Math.round(r.left)}..${Math.round(r.right)}`);
      }
    }
    return out.slice(0, 5);
  });
}

const NARROW_PAGES = [
  "/", "/law/27B1(a)", "/law/40B2(a)?in=el", "/law/6D2?in=he", "/law/27?view=all", "/glossary",
  `/search?q=${encodeURIComponent("ανεπαρκής αγορά")}`, "/search?q=revoke", "/regs", "/regs/diff/il/gr",
];

for (const locale of LOCALES) {
  test(`nothing sticks out at 200% text, nor on a 195 px screen (${locale})`, async () => {
    const settings = [
      { name: "200% text", size: PHONE, double: true },
      { name: "195 px", size: { name: "narrow", width: 195, height: 422 }, double: false },
    ];
    for (const setting of settings) {
      const { context, page, errors } = await open(setting.size, { locale, hasTouch: true });
      if (setting.double) await doubleText(page);
      for (const address of NARROW_PAGES) {
        await page.goto(`${base}${address}`);
        await page.locator("main h1").waitFor();
        if (setting.double) {
          assert.equal(await page.evaluate(() =>
            getComputedStyle(document.documentElement).fontSize), "32px");
        }
        assert.deepEqual(await outside(page), [], `${address} (${locale}, ${setting.name})`);
      }
      if (setting.double) {
        const lang = locale.slice(0, 2);
        await page.goto(`${base}/law/27B1(a)`);
        await page.screenshot({ path: path.join(shots, `double-text-node-${lang}.png`) });
        await page.goto(`${base}/search?q=${encodeURIComponent("ανεπαρκής αγορά")}`);
        await page.screenshot({ path: path.join(shots, `double-text-search-${lang}.png`) });
      } else {
        await page.goto(`${base}/law/27B1(a)`);
        await page.screenshot({ path: path.join(shots, `narrow-node-${locale.slice(0, 2)}.png`) });
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
}

test("the header's search button stays beside its box at 200% text on a desktop", async () => {
  for (const locale of LOCALES) {
    const { context, page, errors } = await open(SIZES[1], { locale });
    await doubleText(page);
    await page.goto(`${base}/law/27B1(a)`);
    await page.locator("main h1").waitFor();
    const [box, button] = await page.evaluate(() =>
      ["header.site input[type=search]", "header.site button"].map((s) => {
        const r = document.querySelector(s).getBoundingClientRect();
        return { top: Math.round(r.top), bottom: Math.round(r.bottom) };
      }));
    assert.ok(button.top < box.bottom && box.top < button.bottom,
      `${locale}: the button (${JSON.stringify(button)}) is on another line than the box (${JSON.stringify(box)})`);
    await page.screenshot({ path: path.join(shots, `double-text-header-${locale.slice(0, 2)}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

/** The words of the cells of `selector` broken across lines although they would fit whole on
 * one line of their cell (a word longer than its line may still break). */
async function wordsCut(page, selector) {
  return page.evaluate((selector) => {
    const cut = [];
    for (const cell of document.querySelectorAll(selector)) {
      const style = getComputedStyle(cell);
      const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        // A line may end after a hyphen (`בלתי-מספקת`).
        for (const word of text.data.matchAll(/[^\s-]+-?/g)) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          const lines = new Set(rects.map((r) => Math.round(r.top)));
          const whole = rects.reduce((sum, r) => sum + r.width, 0);
          if (lines.size > 1 && whole <= room) cut.push(word[0]);
        }
      }
    }
    return cut.slice(0, 10);
  }, selector);
}

for (const size of [PHONE, { name: "desktop-wide", width: 1600, height: 1000 }]) {
  test(`words wrap whole in the tables at 200% text (${size.name})`, async () => {
    const { context, page, errors } = await open(size, { hasTouch: size === PHONE });
    await doubleText(page);
    for (const locale of ["en", "he", "el"]) {
      await page.goto(`${base}/glossary?view=${locale}`);
      await page.locator("table.glossary td[lang=el]").first().waitFor();
      assert.deepEqual(await wordsCut(page, "table.glossary :is(th, td)"), [], `glossary (${locale})`);
      await page.screenshot({ path: path.join(shots, `double-text-glossary-${locale}-${size.name}.png`) });
    }
    for (const address of ["/law/27?view=all", "/law/40B2?view=all", "/regs/diff/il/gr"]) {
      await page.goto(`${base}${address}`);
      await page.locator("main table tbody td").first().waitFor();
      assert.deepEqual(await wordsCut(page, "main table :is(th, td)"), [], address);
    }
    await page.goto(`${base}/law/27?view=all`);
    await page.screenshot({ path: path.join(shots, `double-text-side-by-side-${size.name}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** Resolves once the script has put new results in the page (and so recorded the search). */
function redrawn(page) {
  return page.evaluate(() => new Promise((resolve) => {
    new MutationObserver((_, observer) => { observer.disconnect(); resolve(); })
      .observe(document.getElementById("results"), { childList: true });
  }));
}

const firstHit = (page) => page.locator("#results a.hit").first().getAttribute("href");

test("each search shown is one entry in the history, and Back shows it again", async () => {
  const { context, page, errors } = await open(PHONE, { hasTouch: true });
  await page.goto(`${base}/`);
  await page.locator("#q").waitFor();
  const entries = () => page.evaluate(() => history.length);
  const start = await entries();
  // Typed, shown, the box emptied (its results gone), another query typed.
  await page.keyboard.type("penalty card");
  await page.waitForURL((url) => url.searchParams.get("q") === "penalty card");
  await page.locator("#results a.hit").first().waitFor();
  const penalty = await firstHit(page);
  await page.locator("#q").fill("");
  await page.waitForFunction(() => !document.querySelector("#results a.hit"));
  // The emptied box says what to type, at the address of no search.
  await page.locator("#results p.note").waitFor();
  await page.waitForURL((url) => url.pathname === "/search" && url.search === "");
  await page.keyboard.type("mobile phone");
  await page.waitForURL((url) => url.searchParams.get("q") === "mobile phone");
  await page.locator("#results a.hit").first().waitFor();
  const phone = await firstHit(page);
  assert.notEqual(phone, penalty);
  // The tab names the search shown, as the page the server draws for it does.
  const served = await (await fetch(`${base}/search?q=mobile+phone`)).text();
  const title = served.match(/<title>([^<]*)<\/title>/)[1];
  assert.ok(title.startsWith("mobile phone · "), title);
  assert.equal(await page.title(), title);
  assert.equal(await entries(), start + 2, "one entry per search shown");
  // Back: the first search, its box and its results.
  await page.goBack();
  await page.waitForURL((url) => url.search === "?q=penalty+card");
  await page.waitForFunction((href) =>
    document.querySelector("#results a.hit")?.getAttribute("href") === href, penalty);
  assert.equal(await page.locator("#q").inputValue(), "penalty card");
  assert.equal(await page.title(), title.replace("mobile phone", "penalty card"));
  await page.goForward();
  await page.waitForURL((url) => url.search === "?q=mobile+phone");
  await page.waitForFunction((href) =>
    document.querySelector("#results a.hit")?.getAttribute("href") === href, phone);
  // Enter: one entry per search, at its canonical address, none for the same search again.
  for (const query of ["revoke", "claim"]) {
    await page.locator("#q").fill(query);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search" && url.search === `?q=${query}`);
    await page.locator("#results a.hit").first().waitFor();
  }
  assert.equal(await entries(), start + 4);
  const again = redrawn(page);
  await page.keyboard.press("Enter");
  await again;
  assert.equal(await entries(), start + 4, "the same search again is no new entry");
  // Another language for the results is another search.
  const chosen = redrawn(page);
  await page.locator("#lang").selectOption("el");
  await chosen;
  await page.waitForURL((url) => url.search === "?q=claim&lang=el");
  assert.equal(await entries(), start + 5);
  await page.goBack();
  await page.waitForURL((url) => url.search === "?q=claim");
  assert.equal(await page.locator("#lang").inputValue(), "");
  await page.goBack();
  await page.waitForURL((url) => url.search === "?q=revoke");
  await page.locator('#results a.hit[href="/law/61?in=en"]').first().waitFor();
  assert.equal(await page.locator("#q").inputValue(), "revoke");
  await page.goBack();
  await page.waitForURL((url) => url.search === "?q=mobile+phone");
  await page.goBack();
  await page.goBack();
  await page.waitForURL(`${base}/`);
  await page.waitForFunction(() => !document.querySelector("#results a.hit"));
  assert.equal(await page.locator("#q").inputValue(), "");
  assert.deepEqual(errors, []);
  await context.close();
});

/** The links among `selector` that a finger 12 px from their centre misses (a 24 px target). */
async function smallTargets(page, selector) {
  return page.evaluate((selector) => {
    const missed = [];
    for (const link of document.querySelectorAll(selector)) {
      link.scrollIntoView({ block: "center", inline: "center" });
      const r = link.getClientRects()[0];
      if (!r) continue;
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      for (const [dx, dy] of [[-11, 0], [11, 0], [0, -11], [0, 11]]) {
        const hit = document.elementFromPoint(x + dx, y + dy)?.closest("a");
        // Another link that near is as close as the page's text sets them.
        if (hit !== link && !(hit && hit.matches(selector))) {
          missed.push(`${link.textContent.trim()} at ${dx},${dy}`);
          break;
        }
      }
    }
    return missed.slice(0, 10);
  }, selector);
}

test("results, countries, citations and footnote markers are big enough to tap (phone)", async () => {
  const { context, page, errors } = await open(PHONE, { hasTouch: true });
  // A result is tapped anywhere: its snippet too.
  await page.goto(`${base}/search?q=revoke`);
  const result = page.locator("#results ol.results li").first();
  const href = await result.locator("a.hit").getAttribute("href");
  const snippet = await result.locator(".snippet").boundingBox();
  await checked(page, PHONE, "search-tap");
  await page.touchscreen.tap(snippet.x + snippet.width / 2, snippet.y + snippet.height / 2);
  await page.waitForURL((url) => url.pathname === new URL(href, base).pathname);
  // The countries by their federations' names.
  await page.goto(`${base}/regs`);
  for (const link of await page.locator("main ul.countries a").all()) {
    const box = await link.boundingBox();
    assert.ok(box.width >= 48 && box.height >= 16, `a country's link is ${box.width}×${box.height}`);
    assert.ok((await link.textContent()).trim().length > 6);
  }
  await checked(page, PHONE, "regs-countries");
  // Citations and footnote markers, however short.
  for (const address of ["/law/6D2?in=he", "/law/6D2?in=el", "/law/27?in=he", "/law/27?in=el", "/law/27B1(a)"]) {
    await page.goto(`${base}${address}`);
    await page.locator("main h1").waitFor();
    assert.deepEqual(await smallTargets(page, "main :is(a.cite, a.fn)"), [], address);
  }
  // The site's menu, the view switch, the path above a law and the paragraphs' numbers.
  for (const address of ["/law/27B?in=he", "/law/27B?in=el", "/law/40B1(b)?in=en", "/regs"]) {
    await page.goto(`${base}${address}`);
    await page.locator("main h1").waitFor();
    const menus = "header.site nav a, nav.view a, nav.crumbs a, .node a.num";
    assert.deepEqual(await smallTargets(page, menus), [], address);
  }
  await page.goto(`${base}/law/27?in=he`);
  await checked(page, PHONE, "citations-he");
  assert.deepEqual(errors, []);
  await context.close();
});

for (const size of SIZES) {
  test(`a footnote shows its number once, and links back to its marker (${size.name})`, async () => {
    for (const lang of ["he", "el"]) {
      const { context, page, errors } = await open(size, { locale: lang === "he" ? "he-IL" : "el-GR" });
      await page.goto(`${base}/law/6D2?in=${lang}`);
      const note = page.locator("section.footnotes li").first();
      await note.waitFor();
      const shown = await note.evaluate((li) => ({
        marker: getComputedStyle(li).display === "list-item" && getComputedStyle(li).listStyleType !== "none",
        number: li.querySelectorAll(".num").length,
        starts: li.innerText.trim().split(/\s/)[0],
      }));
      assert.deepEqual(shown, { marker: false, number: 1, starts: "1" });
      await checked(page, size, `footnotes-${lang}`);
      // From the marker to the footnote, and back.
      await page.locator('article.node-text a.fn[href="#fn-1"]').first().click();
      await page.waitForURL((url) => url.hash === "#fn-1");
      await note.locator('a.num[href="#fnref-1"]').click();
      await page.waitForURL((url) => url.hash === "#fnref-1");
      assert.equal(await page.evaluate(() => document.getElementById("fnref-1").getAttribute("href")), "#fn-1");
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
}
