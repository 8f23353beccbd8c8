import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  ALERTS_GUIDE,
  CONNECT_STEPS,
  HELPER_NOTES,
  HELPER_QUESTIONS,
  HOW_TO_SECTIONS,
  HOW_TO_SHORTCUTS,
  networkSourceRows,
  QUERY_EXAMPLES,
  QUERY_MISTAKES,
  QUERY_RULES,
  RULES_GUIDE,
  SHORTCUT_NOTES,
  sourceGuides,
} from "../../domain/how-to";
import { MESSAGES } from "../../domain/messages";
import { routeErrorBoundary } from "../components/ui/route-error-boundary";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";

// How To (issue 27, /how_to; ADR 038): a guide inside the product, rendered on the server from
// domain/how-to.ts. One page with a table of contents of anchors; every query example passes the
// linter (domain/how-to.test.ts) and the shortcuts are the inbox's own list.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  // Only the networks this role may connect (one is for system admins).
  return { networks: networkSourceRows(account.role) };
}

const [QUERY, SOURCES, SHORTCUTS, ALERTS_RULES, HELPER] = HOW_TO_SECTIONS;
const H = MESSAGES.howToUi;

export default function HowToRoute() {
  const { networks } = useLoaderData<typeof loader>();
  return (
    <article className="max-w-3xl space-y-8 text-sm leading-6 text-slate-800">
      <header className="space-y-2">
        <h1 className="text-xl font-semibold text-ink">{MESSAGES.howTo}</h1>
        <p className="text-slate-600">{H.intro}</p>
        <nav aria-labelledby="how-to-contents" className="rounded-lg border border-slate-200 bg-white p-3">
          <h2 id="how-to-contents" className="text-sm font-semibold">
            {H.contents}
          </h2>
          <ol className="mt-1 list-decimal space-y-1 pl-5">
            {HOW_TO_SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-700 underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </header>

      <Section id={QUERY.id} title={QUERY.title}>
        <p>{H.queryIntro}</p>
        <h3 className="font-semibold">{H.examples}</h3>
        <Table head={[MESSAGES.topicsScreen.query, H.finds]} testId="how-to-query-examples">
          {QUERY_EXAMPLES.map((example) => (
            <tr key={example.query}>
              <td className="px-3 py-2 align-top">
                <Code>{example.query}</Code>
              </td>
              <td className="px-3 py-2">{example.finds}</td>
            </tr>
          ))}
        </Table>
        <h3 className="font-semibold">{H.rulesOfQueries}</h3>
        <ul className="list-disc space-y-1 pl-5">
          {QUERY_RULES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <h3 className="font-semibold">{H.mistakes}</h3>
        <Table head={[MESSAGES.topicsScreen.query, H.linterSays, H.instead]} testId="how-to-query-mistakes">
          {QUERY_MISTAKES.map((mistake) => (
            <tr key={mistake.query}>
              <td className="px-3 py-2 align-top">
                <Code>{mistake.query}</Code>
              </td>
              <td className="px-3 py-2">{mistake.message}</td>
              <td className="px-3 py-2">{mistake.fix}</td>
            </tr>
          ))}
        </Table>
        <p>
          {H.tryIt}{" "}
          <Link to="/search" className="text-brand-700 underline">
            {MESSAGES.liveSearch}
          </Link>
        </p>
      </Section>

      <Section id={SOURCES.id} title={SOURCES.title}>
        <ol className="list-decimal space-y-1 pl-5">
          {CONNECT_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {sourceGuides().map((guide) => (
          <div key={guide.source}>
            <h3 className="font-semibold">{guide.label}</h3>
            <p>{guide.steps}</p>
          </div>
        ))}
        <h3 className="font-semibold">{MESSAGES.networks}</h3>
        <Table head={[MESSAGES.network, H.categories, H.howMentionsArrive]} testId="how-to-networks">
          {networks.map((network) => (
            <tr key={network.id}>
              <td className="px-3 py-2 align-top font-medium">{network.name}</td>
              <td className="px-3 py-2">{network.categories.join(", ")}</td>
              <td className="px-3 py-2">{network.sources.join(", ")}</td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section id={SHORTCUTS.id} title={SHORTCUTS.title}>
        <Table head={[MESSAGES.inboxUi.key, H.does]} testId="how-to-shortcuts">
          {HOW_TO_SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.key}>
              <td className="px-3 py-2">
                <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono">{shortcut.key}</kbd>
              </td>
              <td className="px-3 py-2">{shortcut.label}</td>
            </tr>
          ))}
        </Table>
        <ul className="list-disc space-y-1 pl-5">
          {SHORTCUT_NOTES.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </Section>

      <Section id={ALERTS_RULES.id} title={ALERTS_RULES.title}>
        <h3 className="font-semibold">{MESSAGES.alertsMenu}</h3>
        <ul className="list-disc space-y-1 pl-5">
          {ALERTS_GUIDE.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <h3 className="font-semibold">{MESSAGES.rules}</h3>
        <ul className="list-disc space-y-1 pl-5">
          {RULES_GUIDE.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Section>

      <Section id={HELPER.id} title={HELPER.title}>
        <p>{H.helperIntro}</p>
        <ul className="list-disc space-y-1 pl-5">
          {HELPER_QUESTIONS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {HELPER_NOTES.map((note) => (
          <p key={note}>{note}</p>
        ))}
      </Section>
    </article>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="scroll-mt-4 text-lg font-semibold text-ink">
        {/* The anchor is the section's id, so /how_to#sources opens here. */}
        <span id={id} />
        {title}
      </h2>
      {children}
    </section>
  );
}

function Table({ head, testId, children }: { head: string[]; testId: string; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-left" data-testid={testId}>
        <thead className="bg-slate-50 text-xs uppercase text-slate-700">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-3 py-2 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

function Code({ children }: { children: string }) {
  return <code className="whitespace-pre-wrap break-words rounded bg-slate-100 px-1 font-mono text-[0.8125rem] text-slate-900">{children}</code>;
}

export const meta = titleMeta(MESSAGES.howTo);
export const ErrorBoundary = routeErrorBoundary({ back: { to: "/", label: MESSAGES.dashboard } });
