// Pure webhook adapters: the API receives POST /api/webhooks/{integration}/{uuid}, looks up the webhook (and its
// signing secret), then verifies, de-duplicates and maps the delivery with the integration's adapter.
import { discordAdapter } from "./discord";
import { discourseAdapter } from "./discourse";
import { helpshiftAdapter } from "./helpshift";
import { intercomAdapter } from "./intercom";
import type { WebhookAdapter, WebhookIntegration } from "./types";
import { vanillaForumsAdapter } from "./vanilla-forums";
import { zendeskAdapter } from "./zendesk";

export {
  WEBHOOK_INTEGRATIONS,
  
  
  type WebhookAdapter,
  
  
} from "./types";
;
;
;

/** Every adapter by integration name (the network id). */
export const WEBHOOK_ADAPTERS: Record<string, WebhookAdapter> = Object.freeze({
  zendesk: zendeskAdapter,
  intercom: intercomAdapter,
  helpshift: helpshiftAdapter,
  discord: discordAdapter,
  discourse: discourseAdapter,
  vanillaForums: vanillaForumsAdapter,
} satisfies Record<WebhookIntegration, WebhookAdapter>);

/** The adapter for an {integration_name} path segment (the network id, e.g. "vanillaForums"), or undefined. */
export function webhookAdapter(integration: string): WebhookAdapter | undefined {
  return Object.prototype.hasOwnProperty.call(WEBHOOK_ADAPTERS, integration)
    ? WEBHOOK_ADAPTERS[integration]
    : undefined;
}
