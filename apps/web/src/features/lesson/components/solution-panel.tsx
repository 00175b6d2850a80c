/** The lesson's solution, shown on request: apply it to the editor, or hide it again. */
import type { LessonFile } from "@lumen/contracts";
import { CodeBlock } from "../../../editor/code-block.tsx";
import { Button, Card } from "../../../ui/index.ts";

export function SolutionPanel({
  solution,
  onApply,
  onHide,
}: {
  solution: LessonFile[];
  onApply(): void;
  onHide(): void;
}) {
  const visible = solution.filter((file) => !file.hidden);
  return (
    <Card asChild surface="flat" padding="sm" className="space-y-3">
      <section aria-label="Solution" data-testid="solution-panel">
        <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Solution</h2>
        {visible.map((file) => (
          <div key={file.name}>
            {visible.length > 1 && (
              <p className="mb-1 font-mono text-xs text-slate-500">{file.name}</p>
            )}
            <CodeBlock code={file.content} fileName={file.name} label={`Solution: ${file.name}`} />
          </div>
        ))}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onApply}>
            Apply solution
          </Button>
          <Button variant="ghost" onClick={onHide}>
            Hide solution
          </Button>
        </div>
      </section>
    </Card>
  );
}
