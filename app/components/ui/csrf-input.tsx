import { useRootData } from "../../lib/root-data";

/** Every <Form> posts the session's form token; actions refuse posts without it. */
export function CsrfInput() {
  return <input type="hidden" name="csrf" value={useRootData().formToken} />;
}
