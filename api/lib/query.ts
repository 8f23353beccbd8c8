// The list parameter's reading lives with the request schemas in domain/ (ADR 027); kept here for the route
// modules that still declare their query schemas themselves (the dashboards' text widgets).
export { listParam } from "../../domain/schemas/common";
