import type { Selectable } from "kysely";

// The single sign-on tables of migration 0029 (issue 26, ADR 041), added to the database's schema type
// here (declaration merging) so that their storage stays in their own files.
interface SamlConfigurationTable {
  businessProfileId: number;
  idpLoginUrl: string;
  idpEntityId: string;
  /** PEM, as the admin pasted it (normalised to one BEGIN/END CERTIFICATE block). */
  idpCert: string;
  isActive: number;
  updatedByAccountId: number | null;
  createdAt: string;
  updatedAt: string;
}

interface SamlRequestTable {
  /** The AuthnRequest's ID, which the answer names in InResponseTo. */
  id: string;
  businessProfileId: number;
  /** SHA-256 of the browser's binding token (the earshot_saml cookie). */
  bindingHash: string;
  createdAt: string;
  expiresAt: string;
  consumedAt: string | null;
}

interface SamlAssertionTable {
  businessProfileId: number;
  assertionId: string;
  expiresAt: string;
}

declare module "../schema" {
  interface DatabaseSchema {
    samlConfigurations: SamlConfigurationTable;
    samlRequests: SamlRequestTable;
    samlAssertions: SamlAssertionTable;
  }
}

export type SamlConfigurationRow = Selectable<SamlConfigurationTable>;
export type SamlRequestRow = Selectable<SamlRequestTable>;
