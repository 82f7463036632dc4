import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import ConfirmPage from './ConfirmPage';
import ManagePage from './ManagePage';
import SubscribePage from './SubscribePage';
import UnsubscribePage from './UnsubscribePage';

/**
 * /alerts/*: the beach alert pages (decision 0044), loaded through AlertsPages so the entry carries one route
 * and one file name for them.
 */
export default function AlertsRoutes() {
  return (
    <Routes>
      <Route path="subscribe" element={<SubscribePage />} />
      <Route path="confirm/:token" element={<ConfirmPage />} />
      <Route path="manage/:token" element={<ManagePage />} />
      <Route path="unsubscribe/:token" element={<UnsubscribePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
