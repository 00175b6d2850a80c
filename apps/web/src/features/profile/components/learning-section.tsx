/**
 * The daily goal and the time zone the learner's days are counted in. The zone follows the device
 * unless the learner picks one; a picked zone stays on every device until they let it follow again.
 */
import { DAILY_GOAL_OPTIONS, type DailyGoalXp, type Progress } from "@lumen/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { progressQuery } from "../../../lib/queries.ts";
import { inputClasses } from "../../../ui/index.ts";
import { browserTimeZone, progressApi } from "../../progress/lib/progress-api.ts";
import { useSetDailyGoal } from "../../progress/lib/queries.ts";
import { accountErrorText } from "../lib/error-text.ts";
import { setTimeZoneFollowsDevice, useTimeZoneFollowsDevice } from "../lib/time-zone-preference.ts";
import { timeZoneChoices } from "../lib/time-zones.ts";
import { ChoiceGroup, Outcome, Section, Switch } from "./parts.tsx";

const GOAL_NAMES: Record<DailyGoalXp, string> = {
  10: "Casual",
  20: "Regular",
  30: "Serious",
  50: "Intense",
};

function TimeZone({ progress }: { progress: Progress }) {
  const client = useQueryClient();
  const follows = useTimeZoneFollowsDevice();
  const device = browserTimeZone();
  const selectId = useId();
  const [zones] = useState(() => timeZoneChoices(device, progress.timeZone));
  const setZone = useMutation({
    mutationFn: (zone: string) => progressApi.setTimeZone(zone),
    onSuccess: (fresh) => client.setQueryData(progressQuery().queryKey, fresh),
  });
  // The zone picked shows at once; the server's answer follows (or, refused, the old one returns).
  const shown = setZone.isPending ? setZone.variables : progress.timeZone;

  return (
    <div className="flex flex-col gap-3">
      <Switch
        label="Use this device's time zone"
        hint={`This device is in ${device}.`}
        checked={follows}
        onChange={(checked) => {
          setTimeZoneFollowsDevice(checked);
          if (checked && progress.timeZone !== device) setZone.mutate(device);
        }}
      />
      <div>
        <label htmlFor={selectId} className="block text-sm font-medium">
          Time zone
        </label>
        <select
          id={selectId}
          value={shown}
          disabled={follows}
          onChange={(event) => {
            setTimeZoneFollowsDevice(false);
            setZone.mutate(event.target.value);
          }}
          aria-describedby={`${selectId}-hint`}
          className={inputClasses({ className: "mt-1 disabled:opacity-70" })}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
        <p id={`${selectId}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Your day, streak and daily goal start at midnight in this zone.
        </p>
      </div>
      <Outcome
        error={setZone.error ? accountErrorText(setZone.error) : undefined}
        ok={setZone.isSuccess ? `Your days now count in ${progress.timeZone}.` : undefined}
      />
    </div>
  );
}

export function LearningSection({ progress }: { progress: Progress }) {
  const setGoal = useSetDailyGoal();
  // The goal picked shows at once; the server's answer follows (or, refused, the old one returns).
  const goal = setGoal.isPending ? setGoal.variables : (progress.dailyGoal.xp as DailyGoalXp);
  return (
    <Section id="profile-learning" title="Learning">
      <ChoiceGroup
        legend="Daily goal"
        name="daily-goal"
        columns={4}
        value={goal}
        choices={DAILY_GOAL_OPTIONS.map((xp) => ({
          value: xp,
          label: GOAL_NAMES[xp],
          hint: `${xp} XP a day`,
        }))}
        onChange={(xp) => setGoal.mutate(xp)}
      />
      <Outcome error={setGoal.error ? accountErrorText(setGoal.error) : undefined} />
      <TimeZone progress={progress} />
    </Section>
  );
}
