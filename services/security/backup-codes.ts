import crypto from "node:crypto";

const BACKUP_CODE_COUNT = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no look-alikes (0/o, 1/l/i)

/** Ten single-use codes like `k7mq-x3vp`, 40 bits each, shown once and stored hashed. */
export function generateBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from(crypto.randomBytes(8), (b) => ALPHABET[b % ALPHABET.length]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}

function normalizeBackupCode(code: string): string {
  const clean = code.toLowerCase().replace(/[^a-z0-9]/g, "");
  return clean.length === 8 ? `${clean.slice(0, 4)}-${clean.slice(4)}` : clean;
}

export function hashBackupCode(code: string): string {
  return crypto.createHash("sha256").update(`backup:${normalizeBackupCode(code)}`).digest("base64url");
}
