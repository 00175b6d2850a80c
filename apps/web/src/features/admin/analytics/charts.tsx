/**
 * The analytics page's charts, drawn with recharts (ADR 0042). This module is loaded lazily by
 * analytics-page.tsx, so recharts reaches only the admins who open that page. Each chart is
 * decorative for assistive technology: the page shows the same figures in a table beside it.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

const AXIS = { fill: "currentColor", fontSize: 12 };
const TOOLTIP = {
  contentStyle: { background: "var(--color-slate-900, #0f172a)", border: "none", color: "#fff" },
  itemStyle: { color: "#fff" },
};

export interface ChartProps {
  data: Array<{ label: string; value: number }>;
  /** What the value counts, shown in the tooltip. */
  unit: string;
  kind: "line" | "bar" | "columns";
  color?: string;
}

export function Chart({ data, unit, kind, color = "#7c3aed" }: ChartProps) {
  const height = kind === "columns" ? Math.max(160, data.length * 28 + 40) : 220;
  return (
    <div
      aria-hidden="true"
      className="text-slate-600 dark:text-slate-300"
      style={{ width: "100%", height }}
    >
      <ResponsiveContainer width="100%" height="100%">
        {kind === "line" ? (
          <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.2} />
            <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
            <YAxis allowDecimals={false} tick={AXIS} />
            <Tooltip {...TOOLTIP} />
            <Line
              type="monotone"
              dataKey="value"
              name={unit}
              stroke={color}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        ) : kind === "bar" ? (
          <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.2} />
            <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
            <YAxis allowDecimals={false} tick={AXIS} />
            <Tooltip {...TOOLTIP} cursor={{ fillOpacity: 0.1 }} />
            <Bar dataKey="value" name={unit} fill={color} isAnimationActive={false} />
          </BarChart>
        ) : (
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.2} />
            <XAxis type="number" allowDecimals={false} tick={AXIS} />
            <YAxis type="category" dataKey="label" tick={AXIS} width={150} />
            <Tooltip {...TOOLTIP} cursor={{ fillOpacity: 0.1 }} />
            <Bar dataKey="value" name={unit} fill={color} isAnimationActive={false} />
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
