import { useState } from 'react';
import { Link } from 'react-router';
import { Table } from '@trussworks/react-uswds';
import { portalAbilities, type BeachPhotoRecord } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { useConfirmedDelete } from '../../components/management/confirmed-delete';
import { ManagementList } from '../../components/management/ManagementList';
import { useRankMoves } from '../../components/management/rank-buttons';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useDeletePhotoMutation, useListPhotosQuery, useMovePhotoMutation } from './api';
import './photo-management.css';

export const PHOTOS_PATH = '/portal/website-management/photos';

/** Website Management is for organization admins (SPEC 6): the rule that shows its menu links. */
export function useCanManagePhotos(): boolean {
  const me = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  return me ? portalAbilities(me, selectedProgramId)[PHOTOS_PATH] : false;
}

/** A station in words: its name, with its beach's when the name does not already say it. */
export function stationLabel(stationName: string, beachName: string | null): string {
  return !beachName || stationName.includes(beachName) ? stationName : `${stationName} (${beachName})`;
}

/** Where a photo was found, in words: station, municipality, county. */
export function placeOf(photo: BeachPhotoRecord): string {
  const station = photo.station_name ? stationLabel(photo.station_name, photo.beach_name) : null;
  return [station, photo.municipality, photo.county].filter(Boolean).join(', ') || 'No place given';
}

/** Found on the Beach: the photos the public gallery shows, in its order. */
export default function PhotosManagementPage() {
  const allowed = useCanManagePhotos();
  return (
    <ScreenPage title="Found on the Beach" description="Photos shown in Found on the Beach, in the order the public gallery shows them.">
      {allowed ? <Photos /> : <NotPermitted />}
    </ScreenPage>
  );
}

function Photos() {
  const photos = useListPhotosQuery();
  const [notice, setNotice] = useState<string | null>(null);
  const [deletePhoto] = useDeletePhotoMutation();
  const [movePhoto] = useMovePhotoMutation();
  const deletion = useConfirmedDelete<BeachPhotoRecord>({
    nameOf: (p) => p.title,
    remove: (p) => deletePhoto(p.beach_photo_id).unwrap(),
    failure: 'The photo could not be deleted.',
    onDeleted: setNotice,
  });
  const moves = useRankMoves<BeachPhotoRecord>({
    items: photos.data,
    idOf: (p) => p.beach_photo_id,
    nameOf: (p) => p.title,
    move: (p, direction) => movePhoto({ id: p.beach_photo_id, direction }).unwrap(),
    onMoved: setNotice,
  });

  return (
    <>
      <ManagementList
        items={photos.data}
        isLoading={photos.isLoading}
        isError={photos.isError}
        onRetry={photos.refetch}
        noun="photos"
        loadError="The photos could not be loaded."
        add={{ to: `${PHOTOS_PATH}/new`, label: 'Add a photo' }}
        search={{
          id: 'photo-search',
          label: 'Find by title, description or place',
          matches: (p, needle) => [p.title, p.desc, placeOf(p)].some((v) => v.toLowerCase().includes(needle)),
        }}
        notice={notice}
      >
        {(shown) => (
          <Table bordered compact fullWidth stackedStyle="headers" caption="Found on the Beach photos, in public order">
            <thead>
              <tr>
                <th scope="col">Photo</th>
                <th scope="col">Title</th>
                <th scope="col">Found at</th>
                <th scope="col">Order</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((p) => (
                <tr key={p.beach_photo_id}>
                  <td data-label="Photo">
                    <img className="photo-management__thumb" src={p.thumbnail} alt="" width={p.width ?? undefined} height={p.height ?? undefined} loading="lazy" />
                  </td>
                  <th scope="row" data-label="Title">
                    <Link to={`${PHOTOS_PATH}/${p.beach_photo_id}`} aria-label={`Edit ${p.title}`}>
                      {p.title}
                    </Link>
                    {p.desc !== 'N/A' && <span className="display-block text-normal">{p.desc}</span>}
                  </th>
                  <td data-label="Found at">{placeOf(p)}</td>
                  <td data-label="Order">{moves.buttons(p)}</td>
                  <td data-label="Actions">{deletion.button(p)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ManagementList>
      {deletion.dialog('delete-photo-dialog', <p>The photo leaves the public Found on the Beach page at once, and its file is removed.</p>)}
    </>
  );
}
