/**
 * Progress of a backup or restore on the terminal: one line per step, redrawn in place on a terminal and printed
 * at 0 %, every 25 % and at the end when piped (a scheduled job's log stays short).
 */
export type StepProgress = { step: string; done: number; total: number; unit: string; projector?: string };

export function progressPrinter(stream: NodeJS.WriteStream = process.stdout): {
  update(progress: StepProgress): void;
  end(): void;
} {
  let current: string | undefined;
  let lastQuarter = -1;
  let drawn = false;
  const finishLine = () => {
    if (drawn && stream.isTTY) stream.write('\n');
    drawn = false;
  };
  return {
    update(progress) {
      const label = progress.projector ? `${progress.step} ${progress.projector}` : progress.step;
      if (label !== current) {
        finishLine();
        current = label;
        lastQuarter = -1;
      }
      const percent = progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 100;
      const line = `${label.padEnd(28)} ${String(percent).padStart(3)} %  ${progress.done.toLocaleString('en-US')}/${progress.total.toLocaleString('en-US')} ${progress.unit}`;
      if (stream.isTTY) {
        stream.write(`\r${line}`);
        drawn = true;
        return;
      }
      const quarter = Math.floor(percent / 25);
      if (quarter !== lastQuarter) {
        lastQuarter = quarter;
        stream.write(`${line}\n`);
      }
    },
    end: finishLine,
  };
}
