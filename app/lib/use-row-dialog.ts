import { useEffect, useState } from "react";

/**
 * Which row's confirmation dialog is open: the one named by the URL (`?dialog=delete&id=`, rendered on
 * the server, no JavaScript needed), or the one whose refused action came back with its reason. Once
 * hydrated, a row's button opens it in place with the setter.
 */
export function useRowDialog(
  idFromUrl: number | null,
  actionData: { intent?: unknown; id?: number | null } | undefined,
  intent: string,
): [number | null, (id: number | null) => void] {
  const failedId = actionData?.intent === intent ? (actionData.id ?? null) : null;
  const [openId, setOpenId] = useState<number | null>(idFromUrl ?? failedId);
  useEffect(() => setOpenId(idFromUrl ?? failedId), [idFromUrl, failedId, actionData]);
  return [openId, setOpenId];
}
