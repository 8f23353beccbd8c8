import { Outlet } from "@remix-run/react";
import { LoaderLayout } from "../components/layout/loader-layout";

export default function LoaderRoute() {
  return (
    <LoaderLayout>
      <Outlet />
    </LoaderLayout>
  );
}
