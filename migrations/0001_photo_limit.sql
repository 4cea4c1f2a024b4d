-- At most five photos per stone, enforced by the database so no code path can exceed it.
CREATE TRIGGER `photos_max_five` BEFORE INSERT ON `photos`
WHEN (SELECT count(*) FROM `photos` WHERE `stone_id` = NEW.`stone_id`) >= 5
BEGIN
  SELECT RAISE(ABORT, 'MAX_PHOTOS_EXCEEDED');
END;
