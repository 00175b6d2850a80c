/**
 * The learner's published apps (/web/instance, protected; issue 18): each with its title, its
 * address (opening in a new tab), its machine's state, when it was deployed and whether its build
 * has changed since; the limit; how to publish when there are none; and, for a plan without
 * instances, what it takes (a link to the plans).
 */
import type { Instance } from "@lumen/contracts";
import { Link } from "@tanstack/react-router";
import { Alert, Badge, Button, Card, Spinner, textLinkClasses } from "../../ui/index.ts";
import { useMyPlan } from "../billing/hooks/use-my-plan.ts";
import { MachineStateBadge } from "./components/machine-status.tsx";
import { useInstances } from "./hooks/use-instances.ts";

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function InstancesPage() {
  const list = useInstances();
  const plan = useMyPlan();
  const instances = list.data?.instances ?? [];
  const withoutInstances = plan.data ? !plan.data.entitlements.instances : false;
  return (
    <div className="mx-auto w-full max-w-4xl flex-1 space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold">Your published apps</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Apps you built and published: each runs at an address of its own that anyone can open.
          {list.data &&
            ` You can publish up to ${list.data.limit} ${list.data.limit === 1 ? "app" : "apps"}; you have ${instances.length}.`}
        </p>
      </div>

      {withoutInstances && (
        <Alert tone="info" data-testid="instances-plan">
          Your plan ({plan.data?.label}) does not include publishing apps. Plans with more credits
          let you publish an app so that it stays up at its own address.{" "}
          <Link
            to="/web/subscribe"
            search={{ redirectUrl: "/web/instance", trackingReferer: "instances" }}
            className={textLinkClasses}
          >
            See plans
          </Link>
        </Alert>
      )}

      {list.isPending && (
        <p className="flex items-center gap-2 text-slate-500 dark:text-slate-400">
          <Spinner /> Loading your apps…
        </p>
      )}
      {list.isError && (
        <Alert tone="warning" role="alert">
          Your published apps could not be loaded: {list.error.message}
        </Alert>
      )}

      {list.isSuccess && instances.length === 0 && (
        <Card className="space-y-2 p-6 text-center" data-testid="instances-empty">
          <p className="font-semibold">No published apps yet.</p>
          <p className="text-slate-600 dark:text-slate-300">
            Open one of your builds and choose Publish: the app gets an address of its own and stays
            up, and it appears here.
          </p>
          <Button asChild variant="brand" className="mt-2">
            <Link to="/web/build">Go to your builds</Link>
          </Button>
        </Card>
      )}

      {instances.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="instance-list">
          {instances.map((instance) => (
            <InstanceCard key={instance.id} instance={instance} />
          ))}
        </ul>
      )}
    </div>
  );
}

function InstanceCard({ instance }: { instance: Instance }) {
  return (
    <li>
      <Card className="flex h-full flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link
            to="/web/instance/$id"
            params={{ id: instance.id }}
            className="min-w-0 text-lg font-semibold break-words text-brand-700 hover:underline dark:text-brand-300"
          >
            {instance.title}
          </Link>
          {instance.machine ? (
            <MachineStateBadge state={instance.machine.state} reason={instance.machine.reason} />
          ) : (
            <Badge>No machine</Badge>
          )}
        </div>
        <a
          href={instance.url}
          target="_blank"
          rel="noopener noreferrer"
          className={`text-sm break-all ${textLinkClasses}`}
        >
          {instance.url}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Deployed {when.format(new Date(instance.deployedAt))}
        </p>
        {instance.behind && (
          <p>
            <Badge tone="warning">Update available</Badge>{" "}
            <span className="text-sm text-slate-600 dark:text-slate-300">
              The build has changed since it was published.
            </span>
          </p>
        )}
        <div className="mt-auto pt-2">
          <Button asChild size="sm">
            <Link to="/web/instance/$id" params={{ id: instance.id }}>
              Manage
            </Link>
          </Button>
        </div>
      </Card>
    </li>
  );
}
