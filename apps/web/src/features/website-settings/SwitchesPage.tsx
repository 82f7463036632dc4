import { useState } from 'react';
import { Alert, Button, Table } from '@trussworks/react-uswds';
import type { WebsiteSwitch } from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useListSwitchesQuery, useSetSwitchMutation } from './api';
import { useCanManageWebsite } from './access';
import './website-settings.css';

/** All Switches: every public behaviour that can be turned off, each turned on or off at once. */
export default function SwitchesPage() {
  const allowed = useCanManageWebsite();
  return (
    <ScreenPage title="All Switches" description="Turn public site features on or off. Visitors see a change within a minute.">
      {allowed ? <Switches /> : <NotPermitted />}
    </ScreenPage>
  );
}

function Switches() {
  const switches = useListSwitchesQuery();
  const [setSwitch] = useSetSwitchMutation();
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (switches.isLoading) return <Loading label="Loading the switches…" />;
  if (switches.isError || !switches.data)
    return <LoadError message={errorMessage(toApiError(switches.error), 'The switches could not be loaded.')} onRetry={switches.refetch} />;
  if (switches.data.length === 0) return <p>There are no switches.</p>;

  const flip = async (entry: WebsiteSwitch) => {
    setBusy(entry.website_toggle_id);
    setNotice(null);
    setFailure(null);
    try {
      const saved = await setSwitch({ id: entry.website_toggle_id, action: entry.value ? 'disable' : 'enable' }).unwrap();
      setNotice(`${saved.name} is now ${saved.value ? 'on' : 'off'}. The public site follows within a minute.`);
    } catch (thrown) {
      setFailure(errorMessage(toApiError(thrown), `${entry.name} could not be changed.`));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <div aria-live="polite">
        {notice && (
          <Alert type="success" headingLevel="h2" slim>
            {notice}
          </Alert>
        )}
      </div>
      {failure && (
        <Alert type="error" headingLevel="h2" slim role="alert">
          {failure}
        </Alert>
      )}
      <Table bordered compact fullWidth stackedStyle="headers" caption="Public site switches">
        <thead>
          <tr>
            <th scope="col">Switch</th>
            <th scope="col">What it does</th>
            <th scope="col">State</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {switches.data.map((entry) => (
            <tr key={entry.website_toggle_id}>
              <th scope="row" data-label="Switch">
                {entry.name}
              </th>
              <td data-label="What it does">{entry.description}</td>
              <td data-label="State">
                <span className={entry.value ? 'usa-tag switch-state switch-state--on' : 'usa-tag switch-state'}>{entry.value ? 'On' : 'Off'}</span>
              </td>
              <td data-label="Change">
                <Button
                  type="button"
                  outline={entry.value}
                  className="switch-button"
                  disabled={busy !== null}
                  aria-label={`Turn ${entry.value ? 'off' : 'on'} ${entry.name}`}
                  onClick={() => void flip(entry)}
                >
                  {busy === entry.website_toggle_id ? 'Saving…' : entry.value ? 'Turn off' : 'Turn on'}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
