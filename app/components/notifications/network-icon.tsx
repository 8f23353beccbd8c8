import { MESSAGES } from "../../../domain/messages";
import { isNetworkId, networkById } from "../../../domain/networks";
import { textColourOn } from "../../lib/contrast";

const GENERAL_COLOUR = "#64748b";

/**
 * A notification's social icon: the network's colour with its initial, named for screen readers
 * (the networks' names and colours are the channels screens' own, from domain/networks).
 */
export function NetworkIcon({ socialType }: { socialType: string | null }) {
  const network = socialType && isNetworkId(socialType) ? networkById(socialType) : null;
  const name = network?.name ?? socialType ?? MESSAGES.notificationsUi.general;
  const background = network?.color ?? GENERAL_COLOUR;
  return (
    <span
      role="img"
      aria-label={name}
      title={name}
      data-testid="notification-network"
      className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full text-[11px] font-semibold uppercase ring-1 ring-black/10"
      // The initial in white or ink, whichever reads on the network's colour (ADR 034).
      style={{ backgroundColor: background, color: textColourOn(background) }}
    >
      {network ? (
        network.name.charAt(0)
      ) : (
        <svg viewBox="0 0 24 24" className="size-3.5 fill-none stroke-current" strokeWidth="2.5" aria-hidden>
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        </svg>
      )}
    </span>
  );
}
