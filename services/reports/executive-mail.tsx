import { Body, Button, Column, Container, Head, Heading, Hr, Html, Img, Link, Preview, Row, Section, Text } from "@react-email/components";
import { render } from "@react-email/render";
import type { CSSProperties } from "react";
import { formatDate } from "../../domain/format";
import { MESSAGES } from "../../domain/messages";
import { isNetworkId, networkById } from "../../domain/networks";
import type { StatusView } from "../statuses/status-view";
import type { MailMessage } from "../mail/mailer";
import type { ExecutiveReport, ReportContext } from "./build-report";
import { contextsChartSvg, rasterise, SENTIMENT_COLORS, trendChartSvg, type ChartImage } from "./charts";

// The executive report e-mail (issue 25, ADR 039): built with react-email (table layout, inline styles,
// which the common mail clients read), its charts as PNG images attached inline by cid, and a plain-text
// part made from the same markup. User text (names, posts) is React text, so it is escaped.

const L = MESSAGES.emailReports.mail;
const TEXT_MAX = 280;

const s = {
  body: { backgroundColor: "#F1F5F9", margin: 0, padding: "24px 0", fontFamily: "Helvetica, Arial, sans-serif", color: "#0F172A" },
  container: { backgroundColor: "#FFFFFF", width: "600px", maxWidth: "100%", margin: "0 auto", borderRadius: "8px", padding: "24px 20px" },
  h1: { fontSize: "22px", lineHeight: "28px", margin: "0 0 4px" },
  h2: { fontSize: "16px", lineHeight: "22px", margin: "24px 0 8px" },
  muted: { color: "#475569", fontSize: "14px", lineHeight: "20px", margin: "0" },
  big: { fontSize: "36px", lineHeight: "40px", fontWeight: 700, margin: "0" },
  cellLabel: { color: "#475569", fontSize: "13px", margin: "0" },
  cellValue: { fontSize: "20px", fontWeight: 700, margin: "2px 0 0" },
  tableCell: { fontSize: "14px", lineHeight: "20px", padding: "6px 8px 6px 0", borderBottom: "1px solid #E2E8F0", verticalAlign: "top" as const },
  th: { fontSize: "12px", color: "#475569", textAlign: "left" as const, padding: "0 8px 4px 0", borderBottom: "1px solid #CBD5E1", fontWeight: 600 },
  item: { margin: "0 0 12px", padding: "0 0 12px", borderBottom: "1px solid #E2E8F0" },
  itemMeta: { color: "#475569", fontSize: "12px", lineHeight: "18px", margin: "0" },
  itemText: { fontSize: "14px", lineHeight: "20px", margin: "4px 0 0" },
  link: { color: "#1D4ED8" },
  button: { backgroundColor: "#1D4ED8", color: "#FFFFFF", borderRadius: "6px", padding: "12px 18px", fontSize: "14px", fontWeight: 600, textDecoration: "none" },
  footer: { color: "#64748B", fontSize: "12px", lineHeight: "18px", margin: "0" },
} satisfies Record<string, CSSProperties>;

const nf = new Intl.NumberFormat("en-US");
const share = (n: number, total: number) => (total === 0 ? "0%" : `${Math.round((n / total) * 100)}%`);
const signed = (percent: number) => `${percent > 0 ? "+" : ""}${percent}%`;
const truncate = (text: string) => (text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX - 1)}…` : text);

function duration(seconds: number | null): string {
  if (seconds === null) return "-";
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min`;
  if (seconds < 86_400) return `${Math.round((seconds / 3600) * 10) / 10} h`;
  return `${Math.round((seconds / 86_400) * 10) / 10} d`;
}

function Chart({ image, alt }: { image: ChartImage; alt: string }) {
  return <Img src={`cid:${image.cid}`} width={image.width} height={image.height} alt={alt} style={{ display: "block", maxWidth: "100%", height: "auto" }} />;
}

function SentimentCells({ context }: { context: ReportContext }) {
  const labels = { positive: MESSAGES.sentimentPositive, neutral: MESSAGES.sentimentNeutral, negative: MESSAGES.sentimentNegative } as const;
  return (
    <Row>
      {(["positive", "neutral", "negative"] as const).map((key) => (
        <Column key={key} style={{ width: "33%", verticalAlign: "top", borderLeft: `4px solid ${SENTIMENT_COLORS[key]}`, paddingLeft: "8px" }}>
          <Text style={s.cellLabel}>{labels[key]}</Text>
          <Text style={s.cellValue}>
            {nf.format(context.sentiment[key])} <span style={{ fontSize: "13px", color: "#475569", fontWeight: 400 }}>{share(context.sentiment[key], context.mentions)}</span>
          </Text>
        </Column>
      ))}
    </Row>
  );
}

function Items({ items, titleOf }: { items: StatusView[]; titleOf: (item: StatusView) => string | null }) {
  if (!items.length) return <Text style={s.muted}>{L.noItems}</Text>;
  return (
    <Section>
      {items.map((item) => {
        const title = titleOf(item);
        const text = truncate((item.description ?? "").trim());
        return (
          <Section key={item.id} style={s.item}>
            <Text style={s.itemMeta}>
              {[item.authorName || item.authorUsername, isNetworkId(item.socialType) ? networkById(item.socialType).name : item.socialType, formatDate(item.createdAt), `${MESSAGES.widgetsUi.impactColumn} ${Math.round(item.impactScore ?? 0)}`]
                .filter(Boolean)
                .join(" · ")}
            </Text>
            {title ? <Text style={{ ...s.itemText, fontWeight: 600 }}>{item.postUrl ? <Link href={item.postUrl} style={s.link}>{title}</Link> : title}</Text> : null}
            {text ? <Text style={s.itemText}>{text}</Text> : null}
            {!title && item.postUrl ? (
              <Text style={s.itemMeta}>
                <Link href={item.postUrl} style={s.link}>
                  {L.openPost}
                </Link>
              </Text>
            ) : null}
          </Section>
        );
      })}
    </Section>
  );
}

function ExecutiveReportEmail({ report, charts, productName }: { report: ExecutiveReport; charts: { trend: ChartImage; contexts: ChartImage | null }; productName: string }) {
  const main = report.contexts[0]!;
  const from = formatDate(report.period.from, report.timeZone);
  const to = formatDate(report.period.to, report.timeZone);
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${report.brandName}: ${nf.format(main.mentions)} ${MESSAGES.widgetsUi.mentionsColumn.toLowerCase()}, ${from} – ${to}`}</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Heading as="h1" style={s.h1}>
            {L.heading(report.brandName)}
          </Heading>
          <Text style={s.muted}>
            {report.emailName} · {L.period(from, to)} · {main.title}
          </Text>

          <Heading as="h2" style={s.h2}>
            {MESSAGES.widgetsUi.mentionsColumn}
          </Heading>
          <Text style={s.big}>{nf.format(main.mentions)}</Text>
          <Text style={s.muted}>{main.change === null ? L.noPrevious : L.change(signed(main.change))}</Text>

          <Heading as="h2" style={s.h2}>
            {MESSAGES.sentiment}
          </Heading>
          <SentimentCells context={main} />

          <Heading as="h2" style={s.h2}>
            {L.trend}
          </Heading>
          <Chart image={charts.trend} alt={L.chartAlt.trend} />

          <Heading as="h2" style={s.h2}>
            {L.networks}
          </Heading>
          {report.networks.length ? (
            <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse" }}>
              <tbody>
                {report.networks.map((n) => (
                  <tr key={n.socialType}>
                    <td style={{ ...s.tableCell, width: "16px", verticalAlign: "middle" }}>
                      <span style={{ display: "inline-block", width: "10px", height: "10px", borderRadius: "5px", backgroundColor: n.color }} />
                    </td>
                    <td style={s.tableCell}>{n.name}</td>
                    <td style={{ ...s.tableCell, textAlign: "right" }}>{nf.format(n.mentions)}</td>
                    <td style={{ ...s.tableCell, textAlign: "right", color: "#475569" }}>{share(n.mentions, main.mentions)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <Text style={s.muted}>{L.noItems}</Text>
          )}

          {report.contexts.length > 1 && charts.contexts ? (
            <>
              <Heading as="h2" style={s.h2}>
                {L.competitors}
              </Heading>
              <Chart image={charts.contexts} alt={L.chartAlt.competitors} />
              <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse", marginTop: "8px" }}>
                <thead>
                  <tr>
                    <th style={s.th}>{MESSAGES.alerts.savedSearch}</th>
                    <th style={{ ...s.th, textAlign: "right" }}>{MESSAGES.widgetsUi.mentionsColumn}</th>
                    <th style={{ ...s.th, textAlign: "right" }}>{MESSAGES.widgetsUi.changeColumn}</th>
                    <th style={{ ...s.th, textAlign: "right" }}>{MESSAGES.sentimentPositive}</th>
                    <th style={{ ...s.th, textAlign: "right" }}>{MESSAGES.sentimentNegative}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.contexts.map((c) => (
                    <tr key={c.contextId}>
                      <td style={s.tableCell}>{c.title}</td>
                      <td style={{ ...s.tableCell, textAlign: "right" }}>{nf.format(c.mentions)}</td>
                      <td style={{ ...s.tableCell, textAlign: "right" }}>{c.change === null ? "-" : signed(c.change)}</td>
                      <td style={{ ...s.tableCell, textAlign: "right" }}>{share(c.sentiment.positive, c.mentions)}</td>
                      <td style={{ ...s.tableCell, textAlign: "right" }}>{share(c.sentiment.negative, c.mentions)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : null}

          {report.response ? (
            <>
              <Heading as="h2" style={s.h2}>
                {L.response}
              </Heading>
              <Row>
                <Column style={{ width: "33%", verticalAlign: "top" }}>
                  <Text style={s.cellLabel}>{MESSAGES.widgetsUi.medianReply}</Text>
                  <Text style={s.cellValue}>{duration(report.response.medianSeconds)}</Text>
                </Column>
                <Column style={{ width: "33%", verticalAlign: "top" }}>
                  <Text style={s.cellLabel}>{MESSAGES.inboxUi.repliedFilter}</Text>
                  <Text style={s.cellValue}>{nf.format(report.response.replied)}</Text>
                </Column>
                <Column style={{ width: "33%", verticalAlign: "top" }}>
                  <Text style={s.cellLabel}>{L.unreplied}</Text>
                  <Text style={s.cellValue}>{nf.format(report.response.unreplied)}</Text>
                </Column>
              </Row>
            </>
          ) : null}

          {report.posts ? (
            <>
              <Heading as="h2" style={s.h2}>
                {L.posts}
              </Heading>
              <Items items={report.posts} titleOf={() => null} />
            </>
          ) : null}

          {report.articles ? (
            <>
              <Heading as="h2" style={s.h2}>
                {L.articles}
              </Heading>
              <Items items={report.articles} titleOf={(item) => item.title} />
              {report.articlesUrl ? (
                <Text style={s.muted}>
                  <Link href={report.articlesUrl} style={s.link}>
                    {L.allArticles}
                  </Link>
                </Text>
              ) : null}
            </>
          ) : null}

          <Section style={{ margin: "28px 0 8px", textAlign: "center" }}>
            <Button href={report.dashboardUrl} style={s.button}>
              {L.openDashboard}
            </Button>
          </Section>
          <Hr style={{ borderColor: "#E2E8F0", margin: "24px 0 12px" }} />
          <Text style={s.footer}>{L.footer(productName)}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The report's charts, drawn once per run (every recipient gets the same images). */
function reportCharts(report: ExecutiveReport): { trend: ChartImage; contexts: ChartImage | null } {
  const main = report.contexts[0]!;
  const trend = rasterise("trend", trendChartSvg(main.series, { first: formatDate(report.period.from, report.timeZone), last: formatDate(report.period.to, report.timeZone) }));
  const contexts = report.contexts.length > 1 ? rasterise("side-by-side", contextsChartSvg(report.contexts)) : null;
  return { trend, contexts };
}

/** The plain-text part: headings as written (not upper-cased), images left out (their numbers are in the text). */
const PLAIN_TEXT = {
  selectors: [
    { selector: "h1", options: { uppercase: false } },
    { selector: "h2", options: { uppercase: false } },
    { selector: "img", format: "skip" },
  ],
};

export interface RenderedReport {
  subject: string;
  html: string;
  text: string;
  attachments: NonNullable<MailMessage["attachments"]>;
}

/** The e-mail's parts: subject, HTML, plain text and the inline chart images. */
export async function renderExecutiveReport(report: ExecutiveReport, productName: string): Promise<RenderedReport> {
  const charts = reportCharts(report);
  const element = <ExecutiveReportEmail report={report} charts={charts} productName={productName} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions: PLAIN_TEXT })]);
  const images = [charts.trend, ...(charts.contexts ? [charts.contexts] : [])];
  return {
    subject: L.subject(report.brandName, report.emailName),
    html,
    text,
    attachments: images.map((image) => ({ filename: image.filename, content: image.png, cid: image.cid, contentType: "image/png", contentDisposition: "inline" as const })),
  };
}
