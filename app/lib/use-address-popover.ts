import { useNavigate } from "@remix-run/react";
import { useRef, type MouseEvent } from "react";
import { useDismiss } from "./use-details-dismiss";
import { useHydrated } from "./use-hydrated";
import { useOpenPerLocation } from "./use-open-per-location";

/**
 * A menu or popover whose button is a link to the page's address with it open (`openInAddress` there), so
 * it opens without JavaScript and the server renders only the open one. Once hydrated the button's click
 * opens and closes it in place; Escape (focus back on the button), a click outside `wrapper` or a
 * navigation closes it. One opened from its address is closed by going to `closedHref`, so a reload keeps
 * it closed.
 */
export function useAddressPopover(openInAddress: boolean, closedHref: string) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // The address decides again after each navigation (a form sent from it comes back without it).
  const [open, setOpen] = useOpenPerLocation(openInAddress);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLAnchorElement>(null);
  const close = () => {
    setOpen(false);
    if (openInAddress) navigate(closedHref, { replace: true, preventScrollReset: true });
  };
  useDismiss(
    wrapper,
    () => open,
    (byEscape) => {
      close();
      if (byEscape) button.current?.focus();
    },
  );
  const onButtonClick = (event: MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    if (open) close();
    else setOpen(true);
  };
  return { open, setOpen, hydrated, wrapper, button, onButtonClick };
}
