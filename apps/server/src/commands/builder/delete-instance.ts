import { eq, schema } from "@lumen/db";
import type { UserRow } from "../../auth/users.ts";
import type { BuilderDeps } from "../../builder/builder-plan.ts";
import { findOwnInstance } from "../../builder/instance-store.ts";

export async function deleteInstance(deps: BuilderDeps, user: UserRow, id: string) {
  const instance = await findOwnInstance(deps.db, user.id, id);
  if (instance.machineId) {
    const [machine] = await deps.db
      .select()
      .from(schema.machines)
      .where(eq(schema.machines.id, instance.machineId));
    if (machine && !machine.destroyedAt) await deps.machines.destroy(deps.db, machine);
  }
  await deps.db.delete(schema.instances).where(eq(schema.instances.id, instance.id));
}
