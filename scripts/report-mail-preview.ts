// Renders a sample executive report e-mail (services/reports/executive-mail.tsx) and takes a Chromium
// screenshot of it, its inline cid: images swapped for data: URLs as a mail client shows them:
// `npx tsx scripts/report-mail-preview.ts [out.png]` (default tmp/report-mail.png).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import type { ExecutiveReport } from "../services/reports/build-report";
import { renderExecutiveReport } from "../services/reports/executive-mail";

const days = Array.from({ length: 7 }, (_, i) => ({ bucket: new Date(Date.UTC(2026, 10, 23 + i)).toISOString(), positive: 40 + i * 9, neutral: 80 - i * 3, negative: 20 + ((i * 7) % 15) }));
const post = (id: number, socialType: string, authorName: string, description: string, title: string | null = null) =>
  ({ id, socialType, authorName, authorUsername: authorName.toLowerCase(), description, title, postUrl: `https://example.com/p/${id}`, impactScore: 90 - id, createdAt: "2026-11-28T10:00:00.000Z" }) as unknown as NonNullable<ExecutiveReport["posts"]>[number];

const sample: ExecutiveReport = {
  emailName: "Weekly executive digest",
  brandName: "Acme",
  period: { from: "2026-11-23T08:00:00.000Z", to: "2026-11-30T08:00:00.000Z" },
  timeZone: "Europe/Berlin",
  contexts: [
    { contextId: 1, title: "Acme brand", color: "#2563EB", mentions: 1184, previousMentions: 1010, change: 17.2, sentiment: { positive: 476, neutral: 497, negative: 211 }, series: days },
    { contextId: 2, title: "Globex", color: "#7C3AED", mentions: 802, previousMentions: 900, change: -10.9, sentiment: { positive: 250, neutral: 400, negative: 152 }, series: days },
    { contextId: 3, title: "Initech", color: "#D97706", mentions: 310, previousMentions: 0, change: null, sentiment: { positive: 90, neutral: 180, negative: 40 }, series: days },
  ],
  networks: [
    { socialType: "twitter", name: "X (Twitter)", color: "#000000", mentions: 612 },
    { socialType: "reddit", name: "Reddit", color: "#FF4500", mentions: 301 },
    { socialType: "article", name: "News & Blogs", color: "#6B7280", mentions: 180 },
    { socialType: "trustpilot", name: "Trustpilot", color: "#00B67A", mentions: 91 },
  ],
  response: { medianSeconds: 2820, replied: 312, unreplied: 97 },
  posts: [
    post(1, "twitter", "Jane Doe", "The new Acme release fixed every issue I had with sync. Support answered in ten minutes, honestly impressed."),
    post(2, "reddit", "throwaway42", "Anyone else seeing double charges after the Acme price change? Refund took a week for me."),
  ],
  articles: [post(3, "article", "Tech Daily", "Acme's quarterly update brings offline mode and a new pricing tier for small teams.", "Acme ships offline mode")],
  articlesUrl: "https://example.com/news",
  dashboardUrl: "http://localhost:3000/?from=2026-11-23T08%3A00%3A00.000Z&to=2026-11-30T08%3A00%3A00.000Z",
};

const out = path.resolve(process.argv[2] ?? "tmp/report-mail.png");
const mail = await renderExecutiveReport(sample, "Earshot");
let html = mail.html;
for (const a of mail.attachments) html = html.replaceAll(`cid:${a.cid}`, `data:${a.contentType};base64,${a.content.toString("base64")}`);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 700, height: 900 } });
await page.setContent(html, { waitUntil: "load" });
fs.mkdirSync(path.dirname(out), { recursive: true });
await page.screenshot({ path: out, fullPage: true });
await browser.close();
fs.writeFileSync(out.replace(/\.png$/, ".txt"), mail.text);
console.log(out);
