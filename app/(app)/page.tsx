// Monthly Reports (home): built by the screens work.
export default function MonthlyReportsPage() {
  return null;
}
