import net, { type AddressInfo } from "node:net";

/** A loopback port nothing listens on (just freed): a connection to it is refused (ECONNREFUSED). */
export function closedLoopbackPort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
