/**
 * The web vitals chart of the errors page: one small line chart a route and metric (LCP, INP in
 * milliseconds, CLS unitless), the 75th percentile per day, drawn with recharts. Loaded lazily.
 */
import { WEB_VITAL_NAMES } from "@lumen/contracts";
import { useQuery } from "@tanstack/react-query";
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { Alert, Card, Spinner } from "../../../ui/index.ts";
import { webVitalsQuery } from "./api.ts";

export default function VitalsChart() {
  const vitals = useQuery(webVitalsQuery());
  if (vitals.isPending) {
    return (
      <p className="mt-2 flex items-center gap-2 text-sm">
        <Spinner /> Loading web vitals…
      </p>
    );
  }
  if (vitals.isError) {
    return (
      <Alert tone="danger" role="alert">
        Could not load the web vitals: {vitals.error.message}
      </Alert>
    );
  }
  const routes = [...new Set(vitals.data.points.map((p) => p.route))];
  if (routes.length === 0) {
    return <p className="mt-2 text-sm">No sampled page views yet.</p>;
  }
  return (
    <div className="mt-4 space-y-6">
      {routes.map((route) => (
        <section key={route} aria-label={`Web vitals of ${route}`}>
          <h3 className="break-all font-mono text-sm font-semibold">{route}</h3>
          <div className="mt-2 grid gap-3 md:grid-cols-3">
            {WEB_VITAL_NAMES.map((name) => {
              const points = vitals.data.points.filter((p) => p.route === route && p.name === name);
              const last = points.at(-1);
              return (
                <Card key={name} className="p-3">
                  <p className="text-sm font-semibold">
                    {name} p75{" "}
                    <span className="font-normal">
                      {last
                        ? `${name === "CLS" ? last.p75.toFixed(3) : `${Math.round(last.p75)} ms`} (${last.samples} samples)`
                        : "no data"}
                    </span>
                  </p>
                  {points.length > 0 ? (
                    <div className="h-32" role="img" aria-label={`${name} p75 per day on ${route}`}>
                      <ResponsiveContainer width="100%" height="100%">
                        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                          <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
                          <XAxis dataKey="day" fontSize={10} />
                          <YAxis fontSize={10} width={40} />
                          <Tooltip />
                          <Line type="monotone" dataKey="p75" stroke="currentColor" dot />
                        </LineChart>
                      </ResponsiveContainer>
                    </div>
                  ) : null}
                </Card>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
