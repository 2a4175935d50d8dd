// What every part of the /api app sees: the Worker's bindings, and the admin once the guard has
// let the request in.
import type { AdminIdentity } from "~/features/accounts/index.server";

export type ApiEnv = { Bindings: Env; Variables: { admin: AdminIdentity } };
