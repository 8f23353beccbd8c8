// A business profile's logo (issue 26, ADR 040): recognised by its content with `file-type`, never by
// its name or the type the browser declared; PNG, JPEG or WebP up to LOGO_BYTES_MAX; no SVG.
import crypto from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import { findLogo } from "../../db/repositories/business-profiles";
import { notFound, validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { LOGO_BYTES_MAX, LOGO_CONTENT_TYPES, type LogoContentType } from "../../domain/schemas/business-profiles";
import type { ServiceDeps } from "../context";

export interface CheckedLogo {
  contentType: LogoContentType;
  bytes: Buffer;
  sha256: string;
}

const refuse = (message: string) => validationError({ logo: [message] });

/** The file's bytes if it is a logo we accept; else a 422 under `logo` with the catalogue's words. */
export async function checkLogo(file: File): Promise<CheckedLogo> {
  // The declared size first: a too large file is refused without reading it.
  if (file.size > LOGO_BYTES_MAX) throw refuse(MESSAGES.businessProfiles.logoTooLarge);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.byteLength > LOGO_BYTES_MAX) throw refuse(MESSAGES.businessProfiles.logoTooLarge);
  const type = await fileTypeFromBuffer(bytes);
  const contentType = LOGO_CONTENT_TYPES.find((t) => t === type?.mime);
  if (!contentType) throw refuse(MESSAGES.businessProfiles.logoNotImage);
  return { contentType, bytes, sha256: crypto.createHash("sha256").update(bytes).digest("hex") };
}

/**
 * GET /v1/business_profiles/{id}/logo?v=: the logo's bytes and type. The address carries the content's
 * hash: without the current one it is not found, so an address is only known to those shown the logo.
 */
export async function getLogo(deps: ServiceDeps, businessProfileId: number, version: string | undefined) {
  const logo = await findLogo(deps.db, businessProfileId);
  if (!logo || !version || !logo.sha256.startsWith(version) || version.length < 16) throw notFound();
  return { contentType: logo.contentType, bytes: logo.bytes, sha256: logo.sha256 };
}
