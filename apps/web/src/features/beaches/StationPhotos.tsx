import { Link } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { useStationPhotosQuery } from './api';

const SCREEN = '/portal/website-management/photos';

/**
 * The station's Found on the Beach photos on its dashboard (GET beach/{id}/photos): thumbnails with their
 * titles, each opening the photo on the management screen. Only organization admins may call it (SPEC 6,
 * Website Management; decision 0032), so the dashboard renders this for them alone.
 */
export function StationPhotos({ stationId }: { stationId: number }) {
  const photos = useStationPhotosQuery(stationId);
  if (photos.isLoading) return <Loading label="Loading the photos…" />;
  if (photos.isError || !photos.data) return <LoadError message="The station's photos could not be loaded." onRetry={() => void photos.refetch()} />;
  return (
    <>
      {photos.data.length === 0 ? (
        <p>No photos of this station.</p>
      ) : (
        <ul className="station-photos add-list-reset">
          {photos.data.map((p) => (
            <li key={p.beach_photo_id} className="station-photos__item">
              <Link to={`${SCREEN}/${p.beach_photo_id}`} className="station-photos__link">
                <img className="station-photos__thumb" src={p.thumbnail} alt="" loading="lazy" />
                <span className="station-photos__title">{p.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={SCREEN}>Found on the Beach</Link> manages every photo.
      </p>
    </>
  );
}
