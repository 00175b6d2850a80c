import { eq, schema } from "@lumen/db";
import type { UserRow } from "../../auth/users.ts";
import type { BuilderDeps } from "../../builder/builder-plan.ts";
import { findOwnInstance } from "../../builder/instance-store.ts";
import { errors } from "../../errors.ts";

export async function setInstanceRunning(
  deps: BuilderDeps,
  user: UserRow,
  id: string,
  running: boolean,
) {
  const instance = await findOwnInstance(deps.db, user.id, id);
  if (!instance.machineId) throw errors.notFound("This instance's machine");
  const [machine] = await deps.db
    .select()
    .from(schema.machines)
    .where(eq(schema.machines.id, instance.machineId));
  if (!machine || machine.destroyedAt) throw errors.notFound("This instance's machine");
  if (running) {
    await deps.machines.ensureRunning(deps.db, machine);
  } else {
    const driver = await deps.machines.driver();
    await driver.stop(machine.id);
    await deps.db
      .update(schema.machines)
      .set({ state: "stopped" })
      .where(eq(schema.machines.id, machine.id));
  }
  return instance;
}
