/** A file's problems by line (an import's, a manifest's): line, column, what is wrong, in the caller's words. */
export function LineProblemsTable<P extends { line: number; column?: string | null }>({
  problems,
  describe,
  labels,
}: {
  problems: P[];
  describe: (p: P) => string;
  labels: { caption: string; line: string; column: string; problem: string };
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{labels.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labels.line}</th>
          <th scope="col">{labels.column}</th>
          <th scope="col">{labels.problem}</th>
        </tr>
      </thead>
      <tbody>
        {problems.map((p, i) => (
          <tr key={i} className="border-t border-red-200 text-red-900">
            <td>{p.line}</td>
            <td>{p.column ?? '—'}</td>
            <td>{describe(p)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
