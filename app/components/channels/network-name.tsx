import { networkById, type NetworkId } from "../../../domain/networks";

/** A network's colour dot and name (the dot is decoration: the name says it). */
export function NetworkName({ network, className = "" }: { network: NetworkId; className?: string }) {
  const { name, color } = networkById(network);
  return (
    <span className={`inline-flex items-center gap-1.5 ${className}`}>
      <span
        aria-hidden
        className="inline-block size-2.5 shrink-0 rounded-full ring-1 ring-black/10"
        style={{ backgroundColor: color }}
      />
      {name}
    </span>
  );
}
