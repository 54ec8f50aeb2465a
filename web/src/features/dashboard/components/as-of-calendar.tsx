import { DayPicker } from 'react-day-picker';
import { enUS, ko } from 'react-day-picker/locale';
import 'react-day-picker/style.css';

/**
 * The "as of" picker's calendar, in a file of its own: loaded when the picker is first pointed at or opened, so the
 * dashboard's first load does not carry react-day-picker, its date library and its styles (issue 20).
 */
export default function AsOfCalendar({
  language,
  selected,
  defaultMonth,
  latest,
  onSelect,
}: {
  language: string;
  selected: Date | undefined;
  defaultMonth: Date;
  /** the last day that can be chosen */
  latest: Date;
  onSelect: (day: Date | undefined) => void;
}) {
  return (
    <DayPicker
      mode="single"
      locale={language === 'en' ? enUS : ko}
      selected={selected}
      defaultMonth={defaultMonth}
      disabled={{ after: latest }}
      onSelect={onSelect}
    />
  );
}
