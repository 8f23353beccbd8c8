import { useState } from "react";
import { avatarFallbackColor } from "../../../domain/palette";
import { initials } from "../../../domain/format";

/** Initials on a stable colour; a picture on top when there is one (a failed picture falls back). */
export function Avatar({ name, imageUrl, seed }: { name: string; imageUrl?: string | null; seed: string }) {
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <span
      className="relative inline-flex size-9 items-center justify-center overflow-hidden rounded-full text-sm font-semibold text-white"
      style={{ backgroundColor: avatarFallbackColor(seed) }}
    >
      <span aria-hidden>{initials(name)}</span>
      {imageUrl && !imageFailed ? (
        <img src={imageUrl} alt="" className="absolute inset-0 size-full object-cover" onError={() => setImageFailed(true)} />
      ) : null}
    </span>
  );
}
