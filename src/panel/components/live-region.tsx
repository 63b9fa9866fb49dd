// Results and errors are said as they appear: the regions stay in the page, empty, so that filling them is
// announced (a live region added together with its text often is not).

export function LiveStatus({ message }: { message: string | undefined }) {
  return (
    <div className="live live--status" role="status">
      {message ? <p>{message}</p> : null}
    </div>
  );
}

export function LiveAlert({ message }: { message: string | undefined }) {
  return (
    <div className="live live--alert" role="alert">
      {message ? <p>{message}</p> : null}
    </div>
  );
}
